import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Writes a file through a temporary sibling and a rename, creating its folder:
 * a crash or a concurrent reader never sees half a file. Throws like writeFileSync;
 * caches catch and carry on (a read-only or full disk only costs them speed).
 */
export function writeFileAtomic(file: string, content: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    fs.writeFileSync(temporary, content)
    fs.renameSync(temporary, file)
  } catch (error) {
    // A full disk leaves a partial temporary: remove it, so it never piles up.
    fs.rmSync(temporary, { force: true })
    throw error
  }
}

/**
 * The same, off the thread (libuv's pool), into a folder that exists: for caches that write many
 * files while the thread has other work. The temporary name is unique, so concurrent writes of
 * one file never share it.
 */
export async function writeFileAtomicAsync(file: string, content: string | Uint8Array): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    await fs.promises.writeFile(temporary, content)
    await fs.promises.rename(temporary, file)
  } catch (error) {
    await fs.promises.rm(temporary, { force: true })
    throw error
  }
}
