import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { writeFileAtomic, writeFileAtomicAsync } from './writeFileAtomic.ts'

/**
 * Cache entries that check themselves. Each is written atomically (a temporary and a rename) with
 * a header line giving its length and digest; a read that finds the header missing, the length
 * short or the digest different returns null: a miss, which the cache fills again. A truncated
 * entry (a full disk, a killed process on a file system without atomic renames, a copy cut
 * short) is thereby never shipped (a social card) nor fatal to every later build (a bundle
 * manifest, a markdown entry).
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

/** The same off the thread, creating its folder. */
export async function writeCacheEntryAsync(file: string, content: string | Uint8Array): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true })
  await writeFileAtomicAsync(file, sealCacheEntry(content))
}

/** An entry's content, or null for a miss: missing, unreadable, truncated or damaged. */
export function readCacheEntry(file: string): Buffer | null {
  try {
    return openCacheEntry(fs.readFileSync(file))
  } catch {
    return null
  }
}

/** An entry's content as text (see readCacheEntry). */
export function readCacheEntryText(file: string): string | null {
  return readCacheEntry(file)?.toString('utf8') ?? null
}

/** An entry's content parsed as JSON, or null for a miss (including text that is not JSON). */
export function readCacheEntryJson<T>(file: string): T | null {
  const text = readCacheEntryText(file)
  if (text === null) return null
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}

function digestOf(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('base64url')
}
