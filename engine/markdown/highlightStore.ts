import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** Highlighted code blocks by what they are made from, kept on disk between builds. */
export interface HighlightStore {
  get(key: string): string | undefined
  /** Stores a block. The file is written in the background (see flush). */
  set(key: string, html: string): void
  /** Resolves once every block stored so far is on disk. */
  flush(): Promise<void>
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
  const madeDirs = new Map<string, Promise<unknown>>()
  const pending = new Set<Promise<void>>()
  // Blocks stored but not yet on disk, so this store answers for them meanwhile.
  const writing = new Map<string, string>()
  // A first build has no store yet: every read would fail (a thrown ENOENT per block, a tenth of
  // a small site's highlighting), so none is tried; blocks other threads write meanwhile are missed.
  const startedEmpty = !fs.existsSync(dir)
  const fileOf = (key: string) => {
    const digest = createHash('sha1').update(salt).update('\0').update(shikiVersion).update('\0').update(key).digest('hex')
    return path.join(dir, digest.slice(0, 2), `${digest}.html`)
  }
  return {
    get(key) {
      const unwritten = writing.get(key)
      if (unwritten !== undefined || startedEmpty) return unwritten
      try {
        return fs.readFileSync(fileOf(key), 'utf8')
      } catch {
        return undefined
      }
    },
    set(key, html) {
      const file = fileOf(key)
      const folder = path.dirname(file)
      writing.set(key, html)
      // Written off the thread (libuv's pool): creating a few hundred small files took a
      // tenth of a small site's cold build when written synchronously.
      const write = (async () => {
        let made = madeDirs.get(folder)
        if (!made) madeDirs.set(folder, (made = fs.promises.mkdir(folder, { recursive: true })))
        await made
        // Write then rename, so a crash never leaves half an entry.
        const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
        await fs.promises.writeFile(temporary, html)
        await fs.promises.rename(temporary, file)
      })()
        // A read-only or full disk only costs speed.
        .catch(() => undefined)
        .finally(() => {
          pending.delete(write)
          // A store that started empty never reads the disk: it keeps what it wrote.
          if (!startedEmpty && writing.get(key) === html) writing.delete(key)
        })
      pending.add(write)
    },
    async flush() {
      while (pending.size) await Promise.all(pending)
    },
  }
}
