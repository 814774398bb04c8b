import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { readCacheEntryJson, writeCacheEntryAsync } from '../incremental/cacheEntry.ts'
import { writeFileAtomicAsync } from '../incremental/writeFileAtomic.ts'

/** Highlighted code blocks by what they are made from, kept on disk between builds. */
export interface HighlightStore {
  get(key: string): string | undefined
  /** Stores a block: in memory until `flush` (or a few megabytes of blocks) writes it. */
  set(key: string, html: string): void
  /** Resolves once the blocks stored so far are on disk. */
  flush(): Promise<void>
}

const require = createRequire(import.meta.url)
const shikiVersion = (require('shiki/package.json') as { version: string }).version

/** Bump when the files' layout changes: other layouts are never read. */
const layout = 'pack1'
/** Blocks held in memory before they are written as a pack without waiting for `flush` (characters of HTML). */
const maxUnwrittenBytes = 4_000_000
/** Past this many packs, a flush merges them into one (so a folder edited for years stays small). */
const maxPacks = 24

/**
 * A pack's index: the pack's size in bytes, and where each block is (by digest: its UTF-8 byte
 * offset and length in the pack). A pack whose size differs (cut short) is not read.
 */
interface PackIndex {
  size: number
  blocks: Record<string, [offset: number, length: number]>
}

/**
 * Highlighted blocks in packs under `dir`: each flush writes the blocks it holds as one
 * `.pack` file (their HTML, one after the other) and one `.idx` file (where each block is,
 * by a digest of the block's language, highlighted lines and code, the themes, the
 * engine's version (`salt`) and shiki's). A rebuild after an edit re-transforms one page;
 * its unchanged blocks come from here instead of the highlighter, which compiles a
 * grammar's patterns on first use (0.1-0.2 s for TypeScript, most of what re-transforming
 * a page cost). A reader loads the indexes on its first miss and reads only the bytes of
 * the blocks it needs.
 *
 * Packs, not a file per block: creating a file (a temporary, a rename, its folder) cost
 * about a millisecond here, and the 350 blocks of this site's cold build held up the
 * writing of its pages by 0.3 s. Worker threads each flush packs of their own, so no two
 * writers share a file; an index is written after its pack, so a reader never finds an
 * index whose pack is incomplete. Any read or write failure only costs speed.
 */
export function createHighlightStore(dir: string, salt: string): HighlightStore {
  // One folder per engine and shiki version: no block of another is ever read again, and the
  // first pack written removes their folders (otherwise every engine update added a copy).
  const packFolder = `${layout}-${createHash('sha1').update(salt).update('\0').update(shikiVersion).digest('hex').slice(0, 12)}`
  const packDir = path.join(dir, packFolder)
  // Blocks stored since the last flush, and blocks in a pack being written, by digest.
  const unwritten = new Map<string, string>()
  const writing = new Map<string, string>()
  let unwrittenBytes = 0
  let written: Promise<void> = Promise.resolve()
  let indexes: Map<string, { pack: string; offset: number; length: number }> | null = null
  const digestOf = (key: string) => createHash('sha1').update(salt).update('\0').update(shikiVersion).update('\0').update(key).digest('hex')
  const loadIndexes = () => (indexes = new Map(readPackIndexes(packDir).map(({ digest, ...place }) => [digest, place])))
  let otherFoldersRemoved = false
  const startWriting = (): Promise<void> => {
    if (unwritten.size === 0) return written
    const blocks = [...unwritten]
    for (const [digest, html] of blocks) writing.set(digest, html)
    unwritten.clear()
    unwrittenBytes = 0
    written = written.then(async () => {
      try {
        await writePack(packDir, blocks)
        // Readers in this thread find them on disk from now on.
        indexes = null
        if (!otherFoldersRemoved) await removeOtherFolders(dir, packFolder)
        otherFoldersRemoved = true
        if (listFiles(packDir, '.idx').length > maxPacks) await mergePacks(packDir)
      } catch {
        // A read-only or full disk only costs speed.
      } finally {
        for (const [digest] of blocks) writing.delete(digest)
      }
    })
    return written
  }
  return {
    get(key) {
      const digest = digestOf(key)
      const pending = unwritten.get(digest) ?? writing.get(digest)
      if (pending !== undefined) return pending
      const found = (indexes ?? loadIndexes()).get(digest)
      return found ? readSlice(found.pack, found.offset, found.length) : undefined
    },
    set(key, html) {
      unwritten.set(digestOf(key), html)
      unwrittenBytes += html.length
      // A big build does not hold every block until the end.
      if (unwrittenBytes > maxUnwrittenBytes) void startWriting()
    },
    flush: startWriting,
  }
}

async function writePack(packDir: string, blocks: [digest: string, html: string][]): Promise<void> {
  await fs.promises.mkdir(packDir, { recursive: true })
  const name = `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`
  const index: PackIndex = { size: 0, blocks: {} }
  const parts: Buffer[] = []
  let offset = 0
  for (const [digest, html] of blocks) {
    const bytes = Buffer.from(html, 'utf8')
    index.blocks[digest] = [offset, bytes.length]
    parts.push(bytes)
    offset += bytes.length
  }
  index.size = offset
  // The pack first, then its index (both through a rename; the index a checked entry, see
  // cacheEntry.ts): an index always has its whole pack, and a pack cut short later is not read.
  await writeFileAtomicAsync(path.join(packDir, `${name}.pack`), Buffer.concat(parts))
  await writeCacheEntryAsync(path.join(packDir, `${name}.idx`), JSON.stringify(index))
}

/**
 * Rewrites every pack's live blocks into one pack and removes the old ones. A reader that
 * loaded the old indexes and reads a removed pack misses (and highlights the block again).
 */
async function mergePacks(packDir: string): Promise<void> {
  const names = listFiles(packDir, '.idx')
  const blocks = new Map<string, string>()
  for (const { digest, pack, offset, length } of readPackIndexes(packDir, names)) {
    const html = readSlice(pack, offset, length)
    if (html !== undefined) blocks.set(digest, html)
  }
  await writePack(packDir, [...blocks])
  for (const name of names) {
    await fs.promises.rm(path.join(packDir, name), { force: true })
    await fs.promises.rm(path.join(packDir, name.replace(/\.idx$/, '.pack')), { force: true })
  }
}

/** Where every block of the packs named by these indexes is (a later pack's entry wins). */
function readPackIndexes(packDir: string, names = listFiles(packDir, '.idx')): { digest: string; pack: string; offset: number; length: number }[] {
  return names.flatMap((name) => {
    const index = readCacheEntryJson<PackIndex>(path.join(packDir, name))
    const pack = path.join(packDir, name.replace(/\.idx$/, '.pack'))
    if (!index?.blocks || sizeOf(pack) !== index.size) return []
    return Object.entries(index.blocks).map(([digest, [offset, length]]) => ({ digest, pack, offset, length }))
  })
}

/** Another engine's or shiki's packs, or an older layout's files (a file per block), are never read again. */
async function removeOtherFolders(dir: string, packFolder: string): Promise<void> {
  for (const name of listFiles(dir, '')) {
    if (name !== packFolder) await fs.promises.rm(path.join(dir, name), { recursive: true, force: true })
  }
}

function readSlice(file: string, offset: number, length: number): string | undefined {
  let fd: number | null = null
  try {
    fd = fs.openSync(file, 'r')
    const buffer = Buffer.alloc(length)
    if (fs.readSync(fd, buffer, 0, length, offset) !== length) return undefined
    return buffer.toString('utf8')
  } catch {
    return undefined
  } finally {
    if (fd !== null) fs.closeSync(fd)
  }
}

function listFiles(dir: string, extension: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(extension))
      .sort()
  } catch {
    return []
  }
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size
  } catch {
    return -1
  }
}
