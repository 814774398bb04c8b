import { reusePreviousOutput } from 'sheaf/cache'
import type { ShardFiles } from './indexShards.ts'

/**
 * Files written (or linked) at once. One after the other, a file is several round trips to
 * libuv's threads (mkdir, open, write, close) with the main thread waiting on each: the N = 1,000
 * corpus's 2,744 shard files were most of its post-build step, after the render, on the critical path.
 */
const concurrency = 32

/**
 * Puts a sharded index's files in the output folder being written. Their names are their content's
 * hash (indexShards.ts), so a file of the same name and size in the output this build replaces
 * holds these bytes: it is kept (or hard-linked), not written again. A one-page rebuild then writes
 * only the files whose content changed (and the meta file); every other keeps its file.
 * `reused` names files the last build wrote whose content is not at hand (see WrittenShards.reused):
 * each is kept from the previous output, and those it lacks come back as `missing`.
 *
 * On a failure, nothing more is started and the first failure is thrown once every write in
 * flight has ended, so nothing writes into the output after the build has failed.
 */
export async function emitShardFiles(
  outDir: string,
  dir: string,
  files: ShardFiles,
  emitFile: (relativePath: string, content: string) => Promise<void>,
  reused: readonly string[] = [],
): Promise<{ written: number; missing: string[] }> {
  const missing: string[] = []
  for (const name of reused) if (!(await reusePreviousOutput(outDir, `${dir}/${name}`))) missing.push(name)
  let written = 0
  let next = 0
  let failed = false
  const lane = async () => {
    while (!failed && next < files.length) {
      const [name, content] = files[next++]
      const relative = `${dir}/${name}`
      try {
        if (await reusePreviousOutput(outDir, relative, Buffer.byteLength(content))) continue
        await emitFile(relative, content)
        written += 1
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(concurrency, files.length) }, lane))
  const failure = lanes.find((lane): lane is PromiseRejectedResult => lane.status === 'rejected')
  if (failure) throw failure.reason
  return { written, missing }
}
