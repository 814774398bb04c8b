import { Tinypool } from 'tinypool'
import type { ResourceLimits, TransferListItem } from 'node:worker_threads'
import { SheafError } from '../errors.ts'

/** A task module running in worker threads of its own pool (see startWorker). */
export interface WorkerTask<I, O> {
  /**
   * Runs the module's default export on `input` (copied to a worker) and returns its result
   * (copied back). `transfer`: objects moved instead of copied, such as a MessagePort in the input.
   */
  run(input: I, transfer?: TransferListItem[]): Promise<O>
  /** Stops the workers. */
  close(): void
}

export interface WorkerOptions {
  /** Threads of the pool, all started at once (default 1: one thread that keeps the task's state). */
  threads?: number
  /** Heap limits of each thread (a render worker's). */
  resourceLimits?: ResourceLimits
}

/**
 * Starts a pool of worker threads for a task module: a file URL or path whose default export
 * takes an input and returns the result. The threads start loading at once; an optional
 * `prepare(init)` export runs in each as soon as it has loaded (to read a cache, say), before the
 * first input arrives. Inputs and results are copied between threads (structured clone): pass
 * plain data. Every kind of worker of a build runs this way, on tinypool (markdown, huge-page
 * parsing, highlighting, the client bundle, rendering, search, llms twins, social cards).
 *
 * Why: a build's main thread does one core's worth of work (queries, React) on machines with
 * more. Work that needs none of its state, such as serialising a search index, can run beside it.
 * Start the worker early (its start-up then hides behind the markdown transform), run it late.
 *
 * Idle workers never keep the process alive: a build that fails before using them still exits.
 *
 * @example
 * const worker = startWorker<Input, Output>(new URL('./buildIndexTask.ts', import.meta.url), { cacheDir })
 * // ... later, once the input is known:
 * const output = await worker.run(input)
 * worker.close()
 */
export function startWorker<I, O>(module: URL | string, init?: unknown, options: WorkerOptions = {}): WorkerTask<I, O> {
  const href = module instanceof URL ? module.href : new URL(module, 'file://').href
  const threads = Math.max(1, options.threads ?? 1)
  let pool: Tinypool
  try {
    pool = new Tinypool({
      filename: new URL('./taskWorker.ts', import.meta.url).href,
      workerData: { module: href, init },
      minThreads: threads,
      maxThreads: threads,
      resourceLimits: options.resourceLimits,
      // Keeps a task's thread (and the state its `prepare` made) until close().
      idleTimeout: Number.POSITIVE_INFINITY,
      // An idle thread waits in its event loop, not in Atomics.wait, which would block it: a task
      // loads and prepares while the main thread works (the highlighter, Vite), and writes its
      // caches after answering.
      useAtomics: false,
    })
  } catch (error) {
    // Start-up data that cannot be copied to a thread: every run fails with it, nothing throws here.
    const failed = Promise.reject(error instanceof Error ? error : new Error(String(error)))
    failed.catch(() => undefined)
    return { run: () => failed, close: () => undefined }
  }
  return {
    run: (input, transfer) =>
      pool
        .run(input, transfer ? { transferList: transfer } : undefined)
        .catch((error: unknown) => Promise.reject(toError(error, href))) as Promise<O>,
    close: () => void pool.destroy().catch(() => undefined),
  }
}

/** A worker that may be started before the work for it is known (see workerSlot). */
export interface WorkerSlot<I, O> {
  /** Starts the worker now, so its start-up overlaps other work (once; later calls do nothing). */
  prestart(): void
  /** The prestarted worker, or a new one: the caller owns it from here and closes it. */
  take(): WorkerTask<I, O>
  /** Stops a prestarted worker that nothing took. */
  discard(): void
}

/** A slot for one worker of a task module, started ahead of its first use or when taken. */
export function workerSlot<I, O>(module: URL | string, init?: unknown): WorkerSlot<I, O> {
  let waiting: WorkerTask<I, O> | null = null
  const start = () => startWorker<I, O>(module, init)
  return {
    prestart() {
      waiting ??= start()
    },
    take() {
      const worker = waiting ?? start()
      waiting = null
      return worker
    },
    discard() {
      waiting?.close()
      waiting = null
    },
  }
}

/** Runs a task module once in a fresh worker (see startWorker) and stops it. */
export async function runInWorker<I, O>(module: URL | string, input: I): Promise<O> {
  const worker = startWorker<I, O>(module, undefined)
  try {
    return await worker.run(input)
  } finally {
    worker.close()
  }
}

/** The task's error as the worker sent it (taskWorker.ts: plain fields, SheafError's kept). */
function toError(error: unknown, href: string): Error {
  if (error instanceof Error) return error
  if (!error || typeof error !== 'object') return new Error(`The worker for ${href} failed: ${String(error)}`)
  const { message, stack, name, file, line, column, hint } = error as {
    message?: string
    stack?: string
    name?: string
    file?: string
    line?: number
    column?: number
    hint?: string
  }
  const rebuilt =
    name === 'SheafError' ? new SheafError(String(message), { file, line, column, hint }) : new Error(String(message))
  if (stack) rebuilt.stack = stack
  return rebuilt
}
