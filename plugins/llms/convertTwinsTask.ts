import { convertTwins, type TwinBatch } from './convertTwins.ts'
import { TwinCache } from './twinCache.ts'

/**
 * Converts the twins in a worker thread (see startWorker): re-parsing every page's markdown
 * took 0.9 s of a cold build of this site, and it needs nothing from the main thread but
 * the sources and routes. Started with the build, run from createPages, awaited in onPostBuild,
 * it converts while the pages render and the other plugins write their files.
 */
let cache: TwinCache | undefined

export function prepare(init: { cacheDir: string }): void {
  cache = new TwinCache(init.cacheDir)
}

export default function convertTwinsTask(batch: TwinBatch): [string, string][] {
  if (!cache) throw new Error('convertTwinsTask runs after prepare({ cacheDir }) (startWorker passes it).')
  const twins = convertTwins(batch, cache)
  cache.save()
  return twins
}
