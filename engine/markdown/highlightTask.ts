// The worker side of highlightAhead.ts: highlighters of its own, highlighting fences found in raw markdown.
import type { MessagePort } from 'node:worker_threads'
import type { CodeFence } from './codeFences.ts'
import { createCodeHighlighter, preloadHighlighter, type CodeHighlighter } from './highlighter.ts'
import { parseLineRanges } from './lineRanges.ts'

export interface HighlightBatch {
  themes: { light: string; dark: string }
  fences: CodeFence[]
  /**
   * Where each fence's HTML is posted as soon as it is highlighted (a `HighlightMessage` per
   * fence, then one with `done`); the task's own answer is then empty. Without it, the answer
   * holds every fence's HTML.
   */
  port?: MessagePort
}

/** A fence's HTML (null: a language the highlighter does not know), or the end of the batch. */
export type HighlightMessage = { index: number; html: string | null } | { done: true }

const highlighters = new Map<string, Promise<CodeHighlighter>>()
/**
 * Batches run one after the other, in the order they were sent. Batches in flight at once each
 * await at every block (a language loading): run side by side, every batch would finish at the
 * very end, and the main thread would wait for its first page's blocks until then.
 */
let queue: Promise<unknown> = Promise.resolve()

/** Loads shiki and its WebAssembly engine at once: the worker may start before the config says which themes. */
export function prepare(): Promise<void> {
  return preloadHighlighter()
}

/**
 * Each fence's highlighted HTML, or null for a language the highlighter does not know (the main
 * thread warns); with a port, posted there one by one instead (see HighlightBatch.port).
 */
export default function highlightFences(batch: HighlightBatch): Promise<(string | null)[]> {
  const done = queue.then(() => highlightBatch(batch))
  queue = done.catch(() => undefined)
  return done
}

async function highlightBatch({ themes, fences, port }: HighlightBatch): Promise<(string | null)[]> {
  const key = `${themes.light}\0${themes.dark}`
  let ready = highlighters.get(key)
  if (!ready) highlighters.set(key, (ready = createCodeHighlighter(themes)))
  const highlighter = await ready
  const out: (string | null)[] = []
  try {
    for (const [index, fence] of fences.entries()) {
      const lang = highlighter.resolveLanguage(fence.lang)
      const html = lang ? await highlighter.highlight(fence.code, lang, parseLineRanges(fence.meta)) : null
      // Posted at once: the page waiting for this block is not held up by the rest of the batch.
      if (port) port.postMessage({ index, html } satisfies HighlightMessage)
      else out.push(html)
    }
  } finally {
    if (port) {
      port.postMessage({ done: true } satisfies HighlightMessage)
      port.close()
    }
  }
  return out
}
