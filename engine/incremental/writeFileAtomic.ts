import fs from 'node:fs'
import path from 'node:path'

/**
 * Writes a file through a temporary sibling and a rename, creating its folder:
 * a crash or a concurrent reader never sees half a file. Throws like writeFileSync;
 * caches catch and carry on (a read-only or full disk only costs them speed).
 */
export function writeFileAtomic(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temporary, content)
  fs.renameSync(temporary, file)
}
