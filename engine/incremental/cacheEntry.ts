import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { writeFileAtomic } from './writeFileAtomic.ts'

/**
 * Cache entries that check themselves. Each is written atomically (a temporary and a rename) with
 * a header line giving its length and digest; a read that finds the header missing, the length
 * short or the digest different returns null: a miss, which the cache fills again. A truncated
 * entry (a full disk, a killed process on a file system without atomic renames, a copy cut
 * short) is thereby never shipped (a social card) nor fatal to every later build (a bundle
 * manifest, a markdown entry). A cache of many entries keeps them in a KeyedStore (keyedStore.ts).
 */
const magic = 'sheaf-cache-1'

/** The bytes of an entry: the header line, then the content. */
export function sealCacheEntry(content: string | Uint8Array): Buffer {
  const body =
    typeof content === 'string'
      ? Buffer.from(content, 'utf8')
      : Buffer.from(content.buffer, content.byteOffset, content.byteLength)
  const header = `${magic} ${body.length} ${digestOf(body)}\n`
  return Buffer.concat([Buffer.from(header, 'latin1'), body])
}

/** The content of an entry's bytes, or null when they are not a whole, intact entry. */
export function openCacheEntry(bytes: Buffer): Buffer | null {
  const newline = bytes.indexOf(10)
  if (newline === -1 || newline > 100) return null
  const [name, length, digest] = bytes.subarray(0, newline).toString('latin1').split(' ')
  if (name !== magic) return null
  const body = bytes.subarray(newline + 1)
  if (String(body.length) !== length || digestOf(body) !== digest) return null
  return body
}

/** Writes an entry atomically, creating its folder. Throws like writeFileSync (callers that only lose speed catch). */
export function writeCacheEntry(file: string, content: string | Uint8Array): void {
  writeFileAtomic(file, sealCacheEntry(content))
}

/** An entry's content, or null for a miss: missing, unreadable, truncated or damaged. */
export function readCacheEntry(file: string): Buffer | null {
  try {
    return openCacheEntry(fs.readFileSync(file))
  } catch {
    return null
  }
}

/** An entry's content parsed as JSON, or null for a miss (including text that is not JSON). */
export function readCacheEntryJson<T>(file: string): T | null {
  const content = readCacheEntry(file)
  if (content === null) return null
  try {
    return JSON.parse(content.toString('utf8')) as T
  } catch {
    return null
  }
}

/** The size of the file of an entry of `length` bytes: the header's digest is always as long. */
export function sealedSize(length: number): number {
  return `${magic} ${length} ${digestOf(Buffer.alloc(0))}\n`.length + length
}

function digestOf(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('base64url')
}
