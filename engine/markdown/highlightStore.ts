import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** Highlighted code blocks by what they are made from, kept on disk between builds. */
export interface HighlightStore {
  get(key: string): string | undefined
  set(key: string, html: string): void
}

const require = createRequire(import.meta.url)
const shikiVersion = (require('shiki/package.json') as { version: string }).version

/**
 * One small file per highlighted block, under `dir`, named by a digest of the
 * block (language, highlighted lines, code), the themes, the engine's version
 * (`salt`) and shiki's. A rebuild after an edit re-transforms one page; its
 * unchanged blocks come from here instead of the highlighter, which compiles
 * a grammar's patterns on first use (0.1-0.2 s for TypeScript, most of what
 * re-transforming a page cost). Files, not one index file: worker threads
 * write their blocks without coordinating, and a build reads only the blocks
 * it needs. Any read or write failure only costs speed.
 */
export function createHighlightStore(dir: string, salt: string): HighlightStore {
  const madeDirs = new Set<string>()
  const fileOf = (key: string) => {
    const digest = createHash('sha1').update(salt).update('\0').update(shikiVersion).update('\0').update(key).digest('hex')
    return path.join(dir, digest.slice(0, 2), `${digest}.html`)
  }
  return {
    get(key) {
      try {
        return fs.readFileSync(fileOf(key), 'utf8')
      } catch {
        return undefined
      }
    },
    set(key, html) {
      const file = fileOf(key)
      try {
        const folder = path.dirname(file)
        if (!madeDirs.has(folder)) {
          fs.mkdirSync(folder, { recursive: true })
          madeDirs.add(folder)
        }
        // Write then rename, so a crash never leaves half an entry.
        const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
        fs.writeFileSync(temporary, html)
        fs.renameSync(temporary, file)
      } catch {
        // A read-only or full disk only costs speed.
      }
    },
  }
}
