/** SPEC §9: results of the last 100 queries are kept. */
export const queryCacheSize = 100

/**
 * A small least-recently-used cache: a Map keeps insertion order, so the
 * first key is always the oldest.
 */
export function createQueryCache<T>(size = queryCacheSize) {
  const entries = new Map<string, T>()
  return {
    get(key: string): T | undefined {
      const value = entries.get(key)
      if (value === undefined) return undefined
      entries.delete(key)
      entries.set(key, value)
      return value
    },
    set(key: string, value: T): void {
      entries.delete(key)
      entries.set(key, value)
      while (entries.size > size) entries.delete(entries.keys().next().value as string)
    },
    get size(): number {
      return entries.size
    },
    clear(): void {
      entries.clear()
    },
  }
}

export type QueryCache<T> = ReturnType<typeof createQueryCache<T>>
