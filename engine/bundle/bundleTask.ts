// The client bundle in a worker thread (see bundleWorker.ts).
import { bundleClient, type BundleInput } from './bundleClient.ts'

/** Imports Vite as soon as the worker starts: it may start long before the bundle's input is known. */
export async function prepare(): Promise<void> {
  await import('vite')
}

export default function bundleTask(input: BundleInput) {
  return bundleClient(input)
}
