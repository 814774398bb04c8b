// Worker threads do not inherit the TypeScript hooks. With a prebundled pipeline (workerData.module,
// see engine/loading/prebundle.ts) none are needed; otherwise register them and load the source.
import { workerData } from 'node:worker_threads'

if (workerData.module) {
  await import(workerData.module)
} else {
  const { registerTypeScript } = await import('../loading/registerTypeScript.mjs')
  registerTypeScript()
  await import('./markdownWorker.ts')
}
