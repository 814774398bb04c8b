import fs from 'node:fs'
import path from 'node:path'
import { createHash } from 'node:crypto'
import type { MarkdownResult } from '../markdown/processor.ts'
import { defineLazyField } from '../store/lazyField.ts'

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
}

export function createMarkdownCache(options: { dir: string | null; salt: string; keepInMemory: boolean }): MarkdownCache {
  // Without keepInMemory (a one-shot build), an entry is held only until it is read once, so a
  // thousand-page build does not keep every parsed body twice.
  const memory = new Map<string, MarkdownResult>()
  const expected = new Map<string, Promise<unknown>>()
  const fileOf = (key: string) => (options.dir ? path.join(options.dir, key.slice(0, 2), `${key}.json`) : null)
  return {
    key(source, file) {
      return createHash('sha1').update(options.salt).update('\0').update(file).update('\0').update(source).digest('hex')
    },
    get(key) {
      const hit = memory.get(key)
      if (hit) {
        if (!options.keepInMemory) memory.delete(key)
        return hit
      }
      const file = fileOf(key)
      if (!file) return undefined
      try {
        const stored = readEntry(fs.readFileSync(file, 'utf8'))
        if (options.keepInMemory) memory.set(key, stored)
        return stored
      } catch {
        return undefined
      }
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
      try {
        fs.mkdirSync(path.dirname(file), { recursive: true })
        // Write then rename, so a crash never leaves half a cache entry.
        const temporary = `${file}.${process.pid}.tmp`
        fs.writeFileSync(temporary, writeEntry(result))
        fs.renameSync(temporary, file)
      } catch {
        // A read-only or full disk only costs speed.
      }
    },
  }
}

/**
 * The fields a rebuild may never read (a page it does not render), each on a line of its
 * own after the rest, parsed on first read. JSON text holds no raw newline, so lines split it.
 * Sections come first: the search index reads them for every page, the body only a rendered page.
 */
const lazyFields = ['sections', 'body', 'text'] as const

function writeEntry(result: MarkdownResult): string {
  const { sections, body, text, ...rest } = result
  return [JSON.stringify(rest), JSON.stringify(sections), JSON.stringify(body), JSON.stringify(text)].join('\n')
}

function readEntry(stored: string): MarkdownResult {
  const lines = stored.split('\n')
  if (lines.length !== lazyFields.length + 1) throw new Error('not a cache entry of this layout')
  const result = JSON.parse(lines[0]) as MarkdownResult
  lazyFields.forEach((field, index) => defineLazyField(result, field, () => JSON.parse(lines[index + 1])))
  return result
}
