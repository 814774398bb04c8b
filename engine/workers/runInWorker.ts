import { Worker } from 'node:worker_threads'
import { SheafError } from '../errors.ts'

/** A task module running in its own worker thread (see startWorker). */
export interface WorkerTask<I, O> {
  /** Runs the module's default export on `input` (copied to the worker) and returns its result (copied back). */
  run(input: I): Promise<O>
  /** Stops the worker. */
  close(): void
}

type Reply<O> = { id: number; ok: true; output: O } | { id: number; ok: false; error: Record<string, unknown> & { message: string } }

/**
 * Starts a worker thread for a task module: a file URL or path whose default export takes an input and returns the result. The
 * worker starts loading at once; an optional `prepare(init)` export runs as
 * soon as it has (to read a cache, say), before the first input arrives.
 * Inputs and results are copied between threads (structured clone): pass plain data.
 *
 * Why: a build's main thread does one core's worth of work (queries, React)
 * on machines with more. Work that needs none of its state, such as
 * serialising a search index, can run beside it. Start the worker early (its
 * start-up then hides behind the markdown transform), run it late.
 *
 * The worker never keeps the process alive: a build that fails before using it still exits.
 *
 * @example
 * const worker = startWorker<Input, Output>(new URL('./buildIndexTask.ts', import.meta.url), { cacheDir })
 * // ... later, once the input is known:
 * const output = await worker.run(input)
 * worker.close()
 */
export function startWorker<I, O>(module: URL | string, init?: unknown): WorkerTask<I, O> {
  const href = module instanceof URL ? module.href : new URL(module, 'file://').href
  return startTaskWorker(href, init)
}

/** startWorker's worker, with optional heap limits (the render worker's). The task module is compiled JavaScript (dist/), as every module of the engine. */
export function startTaskWorker<I, O>(href: string, init?: unknown, resourceLimits?: import('node:worker_threads').ResourceLimits): WorkerTask<I, O> {
  const started = Promise.resolve().then(() => {
    const worker = new Worker(new URL('./taskWorker.ts', import.meta.url), { workerData: { module: href, init }, resourceLimits })
    if (waiting.size === 0) worker.unref()
    worker.on('message', (reply: Reply<O>) => {
      const entry = waiting.get(reply.id)
      if (!entry) return
      waiting.delete(reply.id)
      if (waiting.size === 0) worker.unref()
      if (reply.ok) entry.resolve(reply.output)
      else entry.reject(toError(reply.error, href))
    })
    worker.on('error', failAll)
    worker.on('exit', (code) => failAll(new Error(`The worker for ${href} exited (code ${code}) before it answered.`)))
    return worker
  })
  const waiting = new Map<number, { resolve: (output: O) => void; reject: (error: Error) => void }>()
  let nextId = 0
  let failed: Error | null = null
  const failAll = (error: Error) => {
    failed = error
    for (const { reject } of waiting.values()) reject(error)
    waiting.clear()
  }
  return {
    run(input) {
      if (failed) return Promise.reject(failed)
      const id = nextId++
      return new Promise<O>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        void started.then((worker) => {
          // While an answer is awaited, the worker keeps the process alive.
          worker.ref()
          worker.postMessage({ id, input })
        }, reject)
      })
    },
    close() {
      void started.then((worker) => worker.terminate(), () => undefined)
    },
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

function toError(error: Record<string, unknown> & { message: string }, href: string): Error {
  const { message, stack, name, file, line, hint } = error as { message: string; stack?: string; name?: string; file?: string; line?: number; hint?: string }
  const rebuilt = name === 'SheafError' ? new SheafError(message, { file, line, hint }) : new Error(message)
  if (stack) rebuilt.stack = stack
  return rebuilt
}
