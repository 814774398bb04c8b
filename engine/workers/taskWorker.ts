// A task worker's thread (see runInWorker.ts): imports the task module (and runs its `prepare`
// export, when it has one, on the start-up data), then runs its default export on each input the
// main thread posts, posting back the result or the error (with SheafError's fields).
import { parentPort, workerData } from 'node:worker_threads'

interface TaskModule {
  default: (input: unknown) => unknown
  prepare?: (init: unknown) => unknown
}

const data = workerData as { module: string; init?: unknown }
const failure = (error: unknown) => ({ ok: false, error: { ...(error && typeof error === 'object' ? error : {}), name: (error as Error | undefined)?.name, message: error instanceof Error ? error.message : String(error), stack: (error as Error | undefined)?.stack } })

const prepared: Promise<TaskModule> = import(data.module).then(async (task: TaskModule) => {
  if (typeof task.prepare === 'function') await task.prepare(data.init)
  return task
})
prepared.catch(() => undefined)

parentPort!.on('message', async ({ id, input }: { id: number; input: unknown }) => {
  try {
    const task = await prepared
    parentPort!.postMessage({ id, ok: true, output: await task.default(input) })
  } catch (error) {
    parentPort!.postMessage({ id, ...failure(error) })
  }
})
