import { createHash } from 'node:crypto'
import type { KeyedStore } from '../incremental/keyedStore.ts'
import type { MarkdownResult } from '../markdown/processor.ts'
import { bodyKeyOf, markdownStore, readEntry, writeEntry, writeEntryFiles, type Entry } from './markdownCacheEntry.ts'

/**
 * Transformed markdown by content: in memory for the process, and on disk in
 * `.sheaf-cache/` between builds. The key covers the file's text and path, the
 * markdown options and the engine's version, so a change to any of them
 * misses the cache instead of serving stale output.
 */
export interface MarkdownCache {
  get(key: string): MarkdownResult | undefined
  /** Is there an entry (without reading it)? */
  has(key: string): boolean
  set(key: string, result: MarkdownResult): void
  key(source: string, file: string): string
  /** A worker is transforming this key: `settled` resolves once it has stored the result (or given up). */
  expect(key: string, settled: Promise<unknown>): void
  /** Waits for a worker transforming this key, if any; then `get` has what it stored. */
  settled(key: string): Promise<unknown> | undefined
  /** Resolves once every entry set so far is on disk. */
  flush(): Promise<void>
  /**
   * Removes the stored entries no file has the key of now: texts since edited, files since
   * removed, and every entry of an older engine or other markdown options (the key covers
   * them, so those are never read again). Call after `flush`, once every file of the site
   * was keyed in this process (a whole build).
   */
  prune(): Promise<void>
  /**
   * Pages are transformed with their portable markdown (a plugin asked for it; see
   * Plugin.portableMarkdown). Part of every key: an entry made without it is another entry.
   */
  portableMarkdown: boolean
}

/** `stamp`: what else a page's result depends on besides its text (the fragments it imports; empty: nothing). */
export function createMarkdownCache(options: {
  dir: string | null
  salt: string
  keepInMemory: boolean
  stamp?: (source: string, file: string) => string
}): MarkdownCache {
  // Without keepInMemory (a one-shot build), an entry is held only until it is read once, so a
  // thousand-page build does not keep every parsed body twice.
  const memory = new Map<string, MarkdownResult>()
  const expected = new Map<string, Promise<unknown>>()
  const store = options.dir === null ? null : markdownStore(options.dir)
  const background = store && createBackgroundWriter(store)
  let portableMarkdown = false
  const keyer = createKeyer(options.salt, options.stamp, () => portableMarkdown)
  return {
    get portableMarkdown() {
      return portableMarkdown
    },
    set portableMarkdown(value: boolean) {
      portableMarkdown = value
    },
    key: keyer.key,
    get(key) {
      const hit = memory.get(key)
      if (hit) {
        if (!options.keepInMemory) memory.delete(key)
        return hit
      }
      // A missing, truncated or damaged entry is a miss: the file is transformed (and stored) again.
      const stored = store ? readEntry(store, key, options.keepInMemory) : undefined
      if (stored && options.keepInMemory) memory.set(key, stored)
      return stored
    },
    expect(key, settled) {
      expected.set(key, settled)
    },
    settled(key) {
      const waiting = expected.get(key)
      expected.delete(key)
      return waiting
    },
    has: (key) => memory.has(key) || (store?.has(key) ?? false),
    set(key, result) {
      memory.set(key, result)
      background?.write(key, writeEntry(result))
    },
    flush: async () => background?.flush(),
    async prune() {
      // Without this, the folder gained a copy of the site for every engine update, and one
      // entry for every saved edit, and never lost any (N=1,000: 80-100 ms slower rebuilds).
      await store?.keepOnly(keyer.current().flatMap((key) => [key, bodyKeyOf(key)]))
    },
  }
}

/**
 * The keys of a build's files: a digest of the salt, the file's path and text, whether it is
 * transformed with its portable markdown, and its stamp. The warm-up and the transform both ask
 * for every file's key: each text is hashed once.
 */
function createKeyer(
  salt: string,
  stampOf: ((source: string, file: string) => string) | undefined,
  portableMarkdown: () => boolean,
): { key(source: string, file: string): string; current(): string[] } {
  const keys = new Map<string, { source: string; portable: boolean; key: string; stamp: string }>()
  return {
    key(source, file) {
      const portable = portableMarkdown()
      const stamp = stampOf?.(source, file) ?? ''
      const known = keys.get(file)
      if (known?.source === source && known.portable === portable && known.stamp === stamp) return known.key
      const key = createHash('sha1')
        .update(salt)
        .update('\0')
        .update(file)
        .update('\0')
        .update(source)
        .update(portable ? '\0portable' : '')
        .update(stamp ? `\0${stamp}` : '')
        .digest('hex')
      keys.set(file, { source, portable, key, stamp })
      return key
    },
    current: () => [...keys.values()].map((known) => known.key),
  }
}

/**
 * Entries are written off the thread (libuv's pool): creating a file cost about a millisecond
 * here, two per entry, which a cold build of a thousand pages spent on its main thread.
 */
function createBackgroundWriter(store: KeyedStore): { write(key: string, entry: Entry): void; flush(): Promise<void> } {
  const writes = new Set<Promise<void>>()
  const track = (write: Promise<void>) => {
    const tracked: Promise<void> = write.catch(() => undefined).finally(() => writes.delete(tracked))
    writes.add(tracked)
    return tracked
  }
  return {
    write(key, entry) {
      const written = track(writeEntryFiles(store, key, entry))
      // A portable template serialised later (see PendingPortable): the main file again, with it.
      // (A read-only or full disk only costs speed.)
      entry.later?.((main) => void track(written.then(() => store.putAsync(key, main))))
    },
    async flush() {
      while (writes.size > 0) await Promise.all(writes)
    },
  }
}
