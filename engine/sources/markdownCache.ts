import fs from 'node:fs'
import { createHash } from 'node:crypto'
import type { MarkdownResult } from '../markdown/processor.ts'
import { readCacheEntryText } from '../incremental/cacheEntry.ts'
import { writeFileAtomicAsync } from '../incremental/writeFileAtomic.ts'
import {
  bodyFileOf,
  createEntryWriter,
  entryFileOf,
  readEntry,
  removeEntriesExcept,
  writeEntry,
  type Entry,
} from './markdownCacheEntry.ts'

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

/**
 * Entries are written off the thread (libuv's pool): creating a file cost about a millisecond
 * here, two per entry, which a cold build of a thousand pages spent on its main thread.
 */
function createBackgroundWriter(): { write(file: string, entry: Entry): void; flush(): Promise<void> } {
  const writes = new Set<Promise<void>>()
  const writeEntryFiles = createEntryWriter()
  const track = (write: Promise<void>) => {
    const tracked: Promise<void> = write.catch(() => undefined).finally(() => writes.delete(tracked))
    writes.add(tracked)
    return tracked
  }
  return {
    write(file, entry) {
      const written = track(writeEntryFiles(file, entry))
      // A portable template serialised later (see PendingPortable): the main file again, with it.
      // (A read-only or full disk only costs speed.)
      entry.later?.((main) => void track(written.then(() => writeFileAtomicAsync(file, main))))
    },
    async flush() {
      while (writes.size > 0) await Promise.all(writes)
    },
  }
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
  const fromDisk = (key: string): MarkdownResult | undefined => {
    const file = fileOf(key)
    if (!file) return undefined
    // A missing, truncated or damaged entry is a miss: the file is transformed (and stored) again.
    try {
      const main = readCacheEntryText(file)
      return main === null ? undefined : readEntry(main, bodyFileOf(file), options.keepInMemory)
    } catch {
      return undefined
    }
  }
  const fileOf = (key: string) => (options.dir ? entryFileOf(options.dir, key) : null)
  const background = createBackgroundWriter()
  // The warm-up and the transform both ask for every file's key: hash each text once.
  const keys = new Map<string, { source: string; portable: boolean; key: string; stamp: string }>()
  let portableMarkdown = false
  return {
    get portableMarkdown() {
      return portableMarkdown
    },
    set portableMarkdown(value: boolean) {
      portableMarkdown = value
    },
    key(source, file) {
      const portable = portableMarkdown
      const stamp = options.stamp?.(source, file) ?? ''
      const known = keys.get(file)
      if (known?.source === source && known.portable === portable && known.stamp === stamp) return known.key
      const key = createHash('sha1')
        .update(options.salt)
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
    get(key) {
      const hit = memory.get(key)
      if (hit) {
        if (!options.keepInMemory) memory.delete(key)
        return hit
      }
      const stored = fromDisk(key)
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
    has(key) {
      const file = fileOf(key)
      return memory.has(key) || (file !== null && fs.existsSync(file))
    },
    set(key, result) {
      memory.set(key, result)
      const file = fileOf(key)
      if (!file) return
      background.write(file, writeEntry(result))
    },
    flush: () => background.flush(),
    async prune() {
      if (!options.dir) return
      const current = new Set([...keys.values()].map((known) => known.key))
      // Without this, the folder gained a copy of the site for every engine update, and one
      // entry for every saved edit, and never lost any (N=1,000: 80-100 ms slower rebuilds).
      await removeEntriesExcept(options.dir, (key) => current.has(key))
    },
  }
}
