// The worker side of highlightAhead.ts: a highlighter of its own, highlighting fences found in raw markdown.
import type { CodeFence } from './codeFences.ts'
import { createCodeHighlighter, type CodeHighlighter } from './highlighter.ts'
import { parseLineRanges } from './lineRanges.ts'

export interface HighlightTaskInit {
  themes: { light: string; dark: string }
  /** Languages the fences ask for: loaded while the main thread is still busy elsewhere. */
  langs: string[]
}

let ready: Promise<CodeHighlighter> | null = null

export function prepare(init: HighlightTaskInit): Promise<unknown> {
  ready = (async () => {
    const highlighter = await createCodeHighlighter(init.themes)
    for (const requested of init.langs) {
      const lang = highlighter.resolveLanguage(requested)
      if (lang) await highlighter.ensureLanguage(lang)
    }
    return highlighter
  })()
  return ready
}

/** Each fence's highlighted HTML, or null for a language the highlighter does not know (the main thread warns). */
export default async function highlightFences(fences: CodeFence[]): Promise<(string | null)[]> {
  if (!ready) throw new Error('highlightTask: prepare() was not called.')
  const highlighter = await ready
  const out: (string | null)[] = []
  for (const fence of fences) {
    const lang = highlighter.resolveLanguage(fence.lang)
    out.push(lang ? await highlighter.highlight(fence.code, lang, parseLineRanges(fence.meta)) : null)
  }
  return out
}
