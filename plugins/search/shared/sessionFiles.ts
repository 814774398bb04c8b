/** Reads a file of the sharded index by its path under the index folder (`s/<name>.json`, `d/<name>.json`). */
export type ShardFetcher = (path: string) => Promise<unknown>

/** Each file read once per session; one that fails is forgotten, so the next query asks again. */
export type FileCache = <T>(path: string) => Promise<T>

/** One query's count of files that failed to load. */
export interface Failures {
  count: number
}

export function fileCache(fetchFile: ShardFetcher): FileCache {
  const cache = new Map<string, Promise<unknown>>()
  return <T>(path: string) => {
    let file = cache.get(path)
    if (!file) {
      file = fetchFile(path)
      file.catch(() => cache.delete(path))
      cache.set(path, file)
    }
    return file as Promise<T>
  }
}

/** Counts the reads that failed. */
export function countFailures(reads: readonly PromiseSettledResult<unknown>[], failures: Failures): void {
  for (const read of reads) if (read.status === 'rejected') failures.count += 1
}
