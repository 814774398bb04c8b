// The client bundle in a worker thread (see build.ts): Vite loads and runs beside the markdown transform.
import { bundleClient, type BundleInput } from './bundleClient.ts'

export default function bundleTask(input: BundleInput) {
  return bundleClient(input)
}
