// Imports the task module (and runs its `prepare` export, when it has one, on the start-up data),
// then runs its default export on each input the main thread posts, posting back the result or
// the error (with SheafError's fields). The source is TypeScript: worker threads do not inherit
// the TypeScript hooks, so this one registers them first.
import { parentPort, workerData } from 'node:worker_threads'
import { registerTypeScript } from '../loading/registerTypeScript.mjs'

registerTypeScript()
const failure = (error) => ({ ok: false, error: { ...(error && typeof error === 'object' ? error : {}), name: error?.name, message: error instanceof Error ? error.message : String(error), stack: error?.stack } })
let prepared
try {
  const task = await import(workerData.module)
  prepared = Promise.resolve(typeof task.prepare === 'function' ? task.prepare(workerData.init) : undefined).then(() => task)
} catch (error) {
  prepared = Promise.reject(error)
}
prepared.catch(() => undefined)
parentPort.on('message', async ({ id, input }) => {
  try {
    const task = await prepared
    parentPort.postMessage({ id, ok: true, output: await task.default(input) })
  } catch (error) {
    parentPort.postMessage({ id, ...failure(error) })
  }
})
