import type { ClientAssets } from '../render/htmlShell.ts'
import { startWorker, type WorkerTask } from '../workers/runInWorker.ts'
import type { BundleInput } from './bundleClient.ts'

const taskUrl = new URL('./bundleTask.ts', import.meta.url)
// Imported as installed: esbuild cannot bundle Vite (see prebundle.ts).
const external = ['vite', '@vitejs/plugin-react']
let prestarted: WorkerTask<BundleInput, ClientAssets> | null = null

/**
 * Starts the bundle worker before the engine has loaded: a cold build calls this first thing,
 * so the thread has started and imported Vite (0.2 s of CPU) while the main thread loads the
 * engine, instead of beside the markdown transform. The next bundle takes it.
 */
export function prestartBundleWorker(): void {
  prestarted ??= startWorker<BundleInput, ClientAssets>(taskUrl, undefined, { external })
}

/**
 * Builds the client bundle in a worker thread: Vite loads without tsx's loader and bundles
 * beside the markdown transform, instead of waiting for a main thread that parses pages
 * (this site: the bundle was ready 0.6 s after the transform when it ran on the main thread).
 */
export async function bundleInWorker(input: BundleInput): Promise<ClientAssets> {
  const worker = prestarted ?? startWorker<BundleInput, ClientAssets>(taskUrl, undefined, { external })
  prestarted = null
  try {
    return await worker.run(input)
  } finally {
    worker.close()
  }
}
