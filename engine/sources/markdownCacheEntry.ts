import fs from 'node:fs'
import path from 'node:path'
import { SheafError } from '../errors.ts'
import { readCacheEntryText, sealCacheEntry } from '../incremental/cacheEntry.ts'
import { writeFileAtomicAsync } from '../incremental/writeFileAtomic.ts'
import { isPendingPortable } from '../markdown/portableTemplate.ts'
import type { MarkdownResult } from '../markdown/processor.ts'
import { defineComputedField, defineLazyField } from '../store/lazyField.ts'

/** The main file of the entry for `key` in the cache folder `dir`. */
export function entryFileOf(dir: string, key: string): string {
  return path.join(dir, key.slice(0, 2), `${key}.json`)
}

/** An entry's files (see entryFileOf, bodyFileOf) are named by its key, a SHA-1 in hex. */
const entryFileName = /^([0-9a-f]{40})\./

/** Removes every entry of the cache folder `dir` whose key `keep` refuses; other files stay. */
export async function removeEntriesExcept(dir: string, keep: (key: string) => boolean): Promise<void> {
  const folders = await fs.promises.readdir(dir).catch(() => [] as string[])
  await Promise.all(
    folders.map(async (folder) => {
      const names = await fs.promises.readdir(path.join(dir, folder)).catch(() => [] as string[])
      for (const name of names) {
        const key = entryFileName.exec(name)?.[1]
        if (key && !keep(key)) await fs.promises.rm(path.join(dir, folder, name), { force: true })
      }
    }),
  )
}

/**
 * The fields a rebuild may never read (a page it does not render), each on a line of its
 * own, parsed on first read; JSON text holds no raw newline, so lines split it. Sections
 * stay in the main file (the search index reads them for every page); the body and text,
 * three quarters of an entry, are in a second file read only by a page that renders.
 * The portable markdown (read by a plugin for every page, when one asked for it) is the main
 * file's last line. Both are checked cache entries (see cacheEntry.ts); the main file's first
 * line is the body file's size, so an entry whose body file was cut short is a miss when it is
 * read, not an error when a page renders.
 */
export interface Entry {
  main: Buffer
  body: Buffer
  /** For a template still to serialise: calls back with the main file holding it, once it is. */
  later?: (write: (main: Buffer) => void) => void
}

export function writeEntry(result: MarkdownResult): Entry {
  const { sections, body, text, portable, ...rest } = result
  const bodyEntry = sealCacheEntry(`${JSON.stringify(body)}\n${JSON.stringify(text)}`)
  const head = `${bodyEntry.length}\n${JSON.stringify(rest)}\n${JSON.stringify(sections)}\n`
  // `undefined` (not asked for) is kept as such: JSON has no undefined, so it is an empty line.
  if (!isPendingPortable(portable))
    return { main: sealCacheEntry(`${head}${portable === undefined ? '' : JSON.stringify(portable)}`), body: bodyEntry }
  // Until it is serialised, the entry has none: a build that stops before then converts the page from its source.
  return {
    main: sealCacheEntry(head),
    body: bodyEntry,
    later: (write) => portable.onSerialised((template) => write(sealCacheEntry(`${head}${JSON.stringify(template)}`))),
  }
}

/**
 * The result stored in an entry. Its body and text are read from the body file when asked for:
 * with `keep`, once, and kept on the result (a dev server renders a page again and again);
 * without, at each read and never kept (a one-shot build renders a page once, and a 5,000-page
 * site's bodies held from the transform to the end of the build were gigabytes).
 */
export function readEntry(stored: string, bodyFile: string, keep: boolean): MarkdownResult {
  const lines = stored.split('\n')
  if (lines.length !== 4) throw new Error('not a cache entry of this layout')
  if (fs.statSync(bodyFile).size !== Number(lines[0]))
    throw new Error('the body file is not the one written with this entry')
  const result = JSON.parse(lines[1]) as MarkdownResult
  // Parsed on first read: the entry's digest has vouched for its text.
  defineLazyField(result, 'sections', () => JSON.parse(lines[2]))
  if (lines[3] !== '') defineLazyField(result, 'portable', () => JSON.parse(lines[3]))
  if (!keep) {
    defineComputedField(result, 'body', () => JSON.parse(readBodyFile(bodyFile)[0]))
    defineComputedField(result, 'text', () => JSON.parse(readBodyFile(bodyFile)[1]))
    return result
  }
  let bodyLines: string[] | undefined
  const bodyLine = (index: number) => {
    bodyLines ??= readBodyFile(bodyFile)
    return JSON.parse(bodyLines[index])
  }
  defineLazyField(result, 'body', () => bodyLine(0))
  defineLazyField(result, 'text', () => bodyLine(1))
  return result
}

function readBodyFile(file: string): string[] {
  const lines = readCacheEntryText(file)?.split('\n')
  if (lines?.length === 2) return lines
  throw new SheafError(`The cache entry ${file} is missing or damaged.`, {
    hint: 'delete the .sheaf-cache folder and build again.',
  })
}

export function bodyFileOf(file: string): string {
  return file.replace(/\.json$/, '.body.json')
}

/**
 * A writer of entries off the thread (the main thread's cache and the markdown workers each have
 * one): it creates each folder once, then writes the body file first, so an entry whose main file
 * exists is complete. `later` (a template serialised after the render) rewrites the main file; it
 * is the caller's to call.
 */
export function createEntryWriter(): (file: string, entry: Entry) => Promise<void> {
  const folders = new Map<string, Promise<unknown>>()
  return async (file, entry) => {
    const folder = path.dirname(file)
    let made = folders.get(folder)
    if (!made) folders.set(folder, (made = fs.promises.mkdir(folder, { recursive: true })))
    await made
    await writeFileAtomicAsync(bodyFileOf(file), entry.body)
    await writeFileAtomicAsync(file, entry.main)
  }
}
