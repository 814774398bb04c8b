import { workerSlot, type WorkerTask } from '../workers/runInWorker.ts'
import { findCodeFences, type CodeFence } from './codeFences.ts'
import { MessageChannel } from 'node:worker_threads'
import type { HighlightBatch, HighlightMessage } from './highlightTask.ts'

/**
 * Code blocks highlighted ahead of the transform, in a worker thread.
 *
 * Why: a small site's cold build transforms its pages on the main thread (a
 * worker per core costs more to start than it saves), and highlighting is
 * half of that work: this site's 34 pages hold 350 blocks, 1.3 s of one core,
 * half of it compiling grammars. Here the blocks are read from the raw
 * markdown (codeFences.ts) and highlighted by one worker while the main
 * thread parses, on the core that was idle. The transform takes a block from
 * here when the parsed block is exactly the one found (language, meta, text),
 * awaiting it if the worker has not reached it yet; any other block, or any
 * worker failure, is highlighted on the main thread as before, so the output
 * never depends on this.
 */
export interface HighlightAhead {
  /** Starts highlighting the fences of these sources (in this order) when there are enough to pay for a worker; says whether it did. */
  start(sources: string[], themes: { light: string; dark: string }): boolean
  /** The block's HTML from the worker: a promise (undefined if the worker could not), or undefined when not sent there. */
  take(lang: string, meta: string, code: string): Promise<string | undefined> | undefined
  /** Stops the worker and forgets its blocks (after the transform). */
  finish(): void
}

/** Fewer blocks than this are highlighted faster on the main thread than a worker starts (0.2-0.3 s). */
const minimumFences = 40

type HighlightWorker = WorkerTask<HighlightBatch, (string | null)[]>
const slot = workerSlot<HighlightBatch, (string | null)[]>(new URL('./highlightTask.ts', import.meta.url))

/**
 * Starts the highlight worker before the build has read its config or its files: a cold build
 * calls this first thing, so the worker has loaded shiki and compiled its WebAssembly (0.3 s of
 * start-up) by the time the fences are known, instead of starting then. The first highlightAhead
 * that starts takes it; one that has no use for it (a big site, few blocks) stops it.
 */
export function prestartHighlightWorker(): void {
  slot.prestart()
}

export function createHighlightAhead(): HighlightAhead {
  const expected = new Map<string, Promise<string | undefined>>()
  let worker: HighlightWorker | null = null
  let stopListening: () => void = () => undefined
  return {
    start(sources, themes) {
      if (worker) return false
      const fences = uniqueFences(sources.flatMap(findCodeFences).filter((fence) => fence.lang !== '' && fence.code !== ''))
      if (fences.length < minimumFences) return false
      const running = slot.take()
      worker = running
      // Every fence in one task, each answered on a port the moment it is highlighted. Sent as
      // batches through the pool, the worker got its next batch only when this thread, busy
      // parsing pages, had handled the answer to the last one: it waited for the main thread.
      const ports = new MessageChannel()
      const answers = fences.map(() => deferred<string | undefined>())
      // What is left unanswered (the worker failed or stopped) the main thread highlights itself.
      const giveUp = () => {
        for (const answer of answers) answer.resolve(undefined)
        ports.port1.close()
      }
      stopListening = giveUp
      ports.port1.on('message', (message: HighlightMessage) => {
        if ('done' in message) giveUp()
        else answers[message.index]?.resolve(message.html ?? undefined)
      })
      running.run({ themes, fences, port: ports.port2 }, [ports.port2]).catch(giveUp)
      fences.forEach((fence, index) => expected.set(keyOf(fence.lang, fence.meta, fence.code), answers[index].promise))
      return true
    },
    take(lang, meta, code) {
      return expected.get(keyOf(lang, meta, code))
    },
    finish() {
      stopListening()
      stopListening = () => undefined
      worker?.close()
      worker = null
      // A worker started for this build that it had no use for.
      slot.discard()
      expected.clear()
    },
  }
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined
  const promise = new Promise<T>((settle) => (resolve = settle))
  return { promise, resolve }
}

function keyOf(lang: string, meta: string, code: string): string {
  return `${lang}\0${meta}\0${code}`
}

function uniqueFences(fences: CodeFence[]): CodeFence[] {
  const seen = new Set<string>()
  return fences.filter((fence) => {
    const key = keyOf(fence.lang, fence.meta, fence.code)
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
