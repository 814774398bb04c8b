// The module every worker thread runs (see runInWorker.ts): tinypool imports it and calls its
// default export with each input. It imports the task module named in the pool's start-up data,
// runs the task's `prepare` export once on that data's `init`, then the task's default export on
// each input. A task's error goes back as plain fields: a structured clone of an Error would
// drop SheafError's file, line and hint.

interface TaskModule {
  default: (input: unknown) => unknown
  prepare?: (init: unknown) => unknown
}

const { module, init } = (
  process as unknown as { __tinypool_state__: { workerData: { module: string; init?: unknown } } }
).__tinypool_state__.workerData

const prepared: Promise<TaskModule> = import(module).then(async (task: TaskModule) => {
  if (typeof task.prepare === 'function') await task.prepare(init)
  return task
})
// A task that fails to load or prepare fails each run with that error, not the thread.
prepared.catch(() => undefined)

export default async function runTask(input: unknown): Promise<unknown> {
  try {
    return await (await prepared).default(input)
  } catch (error) {
    throw plainError(error)
  }
}

function plainError(error: unknown): Record<string, unknown> {
  if (!error || typeof error !== 'object') return { name: 'Error', message: String(error) }
  const { name, message, stack } = error as Error
  return { ...error, name, message: message ?? String(error), stack }
}
