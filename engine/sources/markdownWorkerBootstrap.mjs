// Worker threads do not inherit the tsx loader. With a prebundled pipeline (workerData.module,
// see engine/loading/prebundle.ts) no loader is needed; otherwise register tsx and load the source.
import { workerData } from 'node:worker_threads'

if (workerData.module) {
  await import(workerData.module)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('./markdownWorker.ts')
}
