import { readCacheEntryJson, writeCacheEntry } from './cacheEntry.ts'
import { writeFileAtomic } from './writeFileAtomic.ts'

// `sheaf/cache` is this module: plugins (and their worker tasks) write their own cache files with it too.
// A cache file a later build trusts should be a checked entry: many in a KeyedStore, or one written
// with writeCacheEntry and read with readCacheEntry, which returns null (a miss) for a truncated or damaged one.
export { writeFileAtomic }
export { readCacheEntry, readCacheEntryJson, writeCacheEntry } from './cacheEntry.ts'
export { KeyedStore, type StoreLayout } from './keyedStore.ts'
// For plugins that write the output: reuse an unchanged file of the previous build (see outputOverlay.ts).
export { builtOutputFile, overlayOf, reusePreviousOutput } from './outputOverlay.ts'

/**
 * A key -> JSON value cache for plugins, kept in memory for a long-lived
 * process (the dev server) and in one file between builds. The file holds only
 * the entries the last build used, so it never grows past the size of the site;
 * put a digest of whatever code computes the values in its name, so changing
 * that code never reads stale entries.
 *
 * @example
 * const cache = new PersistentCache<string>(path.join(site.root, '.sheaf-cache/my-plugin/v1.json'))
 * const html = cache.get(key) ?? cache.set(key, render(page))
 * cache.save() // once per build, in onPostBuild
 */
export class PersistentCache<T> {
  private previous: Map<string, T> | null = null
  private used = new Map<string, T>()
  private changed = false

  constructor(private readonly file: string) {}

  get(key: string): T | undefined {
    const found = this.used.get(key) ?? this.load().get(key)
    if (found !== undefined) this.used.set(key, found)
    return found
  }

  /** Stores a value and returns it. */
  set(key: string, value: T): T {
    this.used.set(key, value)
    this.changed = true
    return value
  }

  /** Writes the entries this build used (when any was new or some went unused); the next build starts from them. */
  save(): void {
    if (this.changed || this.load().size !== this.used.size) {
      try {
        writeCacheEntry(this.file, JSON.stringify(Object.fromEntries(this.used)))
      } catch {
        // A read-only or full disk only costs speed.
      }
    }
    this.previous = this.used
    this.used = new Map()
    this.changed = false
  }

  private load(): Map<string, T> {
    if (!this.previous) {
      // A missing, truncated or damaged file is a miss for every key (see cacheEntry.ts).
      const stored = readCacheEntryJson<Record<string, T>>(this.file)
      this.previous = new Map(stored && typeof stored === 'object' ? Object.entries(stored) : [])
    }
    return this.previous
  }
}
