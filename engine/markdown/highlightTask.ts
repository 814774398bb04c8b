// The worker side of highlightAhead.ts: highlighters of its own, highlighting fences found in raw markdown.
import type { CodeFence } from './codeFences.ts'
import { createCodeHighlighter, preloadHighlighter, type CodeHighlighter } from './highlighter.ts'
import { parseLineRanges } from './lineRanges.ts'

export interface HighlightBatch {
  themes: { light: string; dark: string }
  fences: CodeFence[]
}

const highlighters = new Map<string, Promise<CodeHighlighter>>()
/**
 * Batches run one after the other, in the order they were sent. The worker receives them all at
 * once, and each awaits at every block (a language loading): run side by side, every batch would
 * finish at the very end, and the main thread would wait for its first page's blocks until then.
 */
let queue: Promise<unknown> = Promise.resolve()

/** Loads shiki and its WebAssembly engine at once: the worker may start before the config says which themes. */
export function prepare(): Promise<void> {
  return preloadHighlighter()
}

/** Each fence's highlighted HTML, or null for a language the highlighter does not know (the main thread warns). */
export default function highlightFences(batch: HighlightBatch): Promise<(string | null)[]> {
  const done = queue.then(() => highlightBatch(batch))
  queue = done.catch(() => undefined)
  return done
}

async function highlightBatch({ themes, fences }: HighlightBatch): Promise<(string | null)[]> {
  const key = `${themes.light}\0${themes.dark}`
  let ready = highlighters.get(key)
  if (!ready) highlighters.set(key, (ready = createCodeHighlighter(themes)))
  const highlighter = await ready
  const out: (string | null)[] = []
  for (const fence of fences) {
    const lang = highlighter.resolveLanguage(fence.lang)
    out.push(lang ? await highlighter.highlight(fence.code, lang, parseLineRanges(fence.meta)) : null)
  }
  return out
}
