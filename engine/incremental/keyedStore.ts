import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {
  openCacheEntry,
  readCacheEntry,
  readCacheEntryJson,
  sealCacheEntry,
  sealedSize,
  writeCacheEntry,
} from './cacheEntry.ts'
import { writeFileAtomicAsync } from './writeFileAtomic.ts'

/** How a store names its entries' files. */
export interface StoreLayout {
  /** Every entry's file name ends with this (`.json`, `.png`); files in the folder that do not are not the store's. */
  extension: string
  /** Entries in a folder per first two characters of their name: a folder of thousands of files is slow to list. */
  fanOut?: boolean
}

/** A key that is a file name as it is (`theme-3f9a…`, a digest); any other key is named by its digest. */
const plainKeyRE = /^[\w-][\w.-]{0,99}$/

/**
 * A folder of cache entries by key: the one home of every cache kept on disk as more than one
 * file (markdown results, social cards, the records of bundled code). Each entry is a file in the
 * entry format (see cacheEntry.ts), so one rule decides whether an entry is whole and current:
 * `get` returns null for an entry that is missing, truncated or damaged (a miss, which the cache
 * fills again), and `put` writes atomically. Writes throw like writeFileSync; a cache that only
 * loses speed when the disk is full or read-only catches.
 *
 * @example
 * const cards = new KeyedStore(path.join(root, '.sheaf-cache/social-cards'), { extension: '.png' })
 * const png = cards.get(key) ?? cards.put(key, draw())
 */
export class KeyedStore {
  /** Folders made by putAsync in this process: a thousand entries share a few hundred. */
  private readonly madeDirs = new Map<string, Promise<unknown>>()

  constructor(
    readonly dir: string,
    private readonly layout: StoreLayout,
  ) {}

  /** The file of `key`'s entry. */
  fileOf(key: string): string {
    const name = plainKeyRE.test(key) ? key : createHash('sha1').update(key).digest('hex')
    return path.join(this.dir, this.layout.fanOut ? name.slice(0, 2) : '', `${name}${this.layout.extension}`)
  }

  /** `key`'s content, or null for a miss (missing, unreadable, truncated or damaged). */
  get(key: string): Buffer | null {
    return readCacheEntry(this.fileOf(key))
  }

  /** The same, read on libuv's threads. */
  async getAsync(key: string): Promise<Buffer | null> {
    try {
      return openCacheEntry(await fs.promises.readFile(this.fileOf(key)))
    } catch {
      return null
    }
  }

  /** `key`'s content as text, or null for a miss. */
  getText(key: string): string | null {
    return this.get(key)?.toString('utf8') ?? null
  }

  /** `key`'s content parsed as JSON, or null for a miss (text that is not JSON included). */
  getJson<T>(key: string): T | null {
    return readCacheEntryJson<T>(this.fileOf(key))
  }

  /** Is there a file for `key` (not read, so not checked: `get` may still miss)? */
  has(key: string): boolean {
    return fs.existsSync(this.fileOf(key))
  }

  /**
   * Is `key`'s file the size of an entry of `length` bytes of content? A stat, for a caller that
   * recorded the length and cannot afford to read every entry (a rebuild's thousand cards); `get`
   * still checks the digest.
   */
  hasWhole(key: string, length: number): boolean {
    return fs.statSync(this.fileOf(key), { throwIfNoEntry: false })?.size === sealedSize(length)
  }

  /** Writes `key`'s entry atomically, creating its folder; returns the content. */
  put<T extends string | Uint8Array>(key: string, content: T): T {
    writeCacheEntry(this.fileOf(key), content)
    return content
  }

  /** The same off the thread (libuv's pool). */
  async putAsync(key: string, content: string | Uint8Array): Promise<void> {
    const file = this.fileOf(key)
    const folder = path.dirname(file)
    let made = this.madeDirs.get(folder)
    if (!made) this.madeDirs.set(folder, (made = fs.promises.mkdir(folder, { recursive: true })))
    await made
    await writeFileAtomicAsync(file, sealCacheEntry(content))
  }

  remove(key: string): void {
    fs.rmSync(this.fileOf(key), { force: true })
  }

  /**
   * Removes every entry but those of `keys`: what the last build did not use. Only the store's
   * files go (named with its extension); anything else in the folder stays.
   */
  async keepOnly(keys: Iterable<string>): Promise<void> {
    const kept = new Set([...keys].map((key) => path.basename(this.fileOf(key))))
    const folders = this.layout.fanOut ? await readdirOrEmpty(this.dir) : ['']
    await Promise.all(
      folders.map(async (folder) => {
        for (const name of await readdirOrEmpty(path.join(this.dir, folder))) {
          if (!name.endsWith(this.layout.extension) || kept.has(name)) continue
          await fs.promises.rm(path.join(this.dir, folder, name), { force: true }).catch(() => undefined)
        }
      }),
    )
  }
}

/** A folder's names; none when it is missing or not a folder. */
function readdirOrEmpty(dir: string): Promise<string[]> {
  return fs.promises.readdir(dir).catch(() => [])
}
