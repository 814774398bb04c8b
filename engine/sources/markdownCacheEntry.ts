import { SheafError } from '../errors.ts'
import { KeyedStore } from '../incremental/keyedStore.ts'
import { isPendingPortable } from '../markdown/portableTemplate.ts'
import type { MarkdownResult } from '../markdown/processor.ts'
import { defineComputedField, defineLazyField } from '../store/lazyField.ts'

/**
 * The markdown cache's entries: `<key>.json` and its body, `<key>.body.json` (see Entry), in a
 * folder per first two characters of the key (a SHA-1 in hex).
 */
export function markdownStore(dir: string): KeyedStore {
  return new KeyedStore(dir, { extension: '.json', fanOut: true })
}

/** The key of an entry's body (see Entry). */
export function bodyKeyOf(key: string): string {
  return `${key}.body`
}

/**
 * The fields a rebuild may never read (a page it does not render), each on a line of its
 * own, parsed on first read; JSON text holds no raw newline, so lines split it. Sections
 * stay in the main file (the search index reads them for every page); the body and text,
 * three quarters of an entry, are in a second file read only by a page that renders.
 * The portable markdown (read by a plugin for every page, when one asked for it) is the main
 * file's last line. Both are entries of a KeyedStore (see markdownStore); the main file's first
 * line is the body's length, so an entry whose body file was cut short is a miss when it is read,
 * not an error when a page renders.
 */
export interface Entry {
  main: string
  body: string
  /** For a template still to serialise: calls back with the main file holding it, once it is. */
  later?: (write: (main: string) => void) => void
}

export function writeEntry(result: MarkdownResult): Entry {
  const { sections, body, text, portable, ...rest } = result
  const bodyText = `${JSON.stringify(body)}\n${JSON.stringify(text)}`
  const head = `${Buffer.byteLength(bodyText)}\n${JSON.stringify(rest)}\n${JSON.stringify(sections)}\n`
  // `undefined` (not asked for) is kept as such: JSON has no undefined, so it is an empty line.
  if (!isPendingPortable(portable))
    return { main: `${head}${portable === undefined ? '' : JSON.stringify(portable)}`, body: bodyText }
  // Until it is serialised, the entry has none: a build that stops before then converts the page from its source.
  return {
    main: head,
    body: bodyText,
    later: (write) => portable.onSerialised((template) => write(`${head}${JSON.stringify(template)}`)),
  }
}

/**
 * The result stored under `key`, or undefined for a miss (missing, cut short, damaged, or of
 * another layout). Its body and text are read from the body file when asked for: with `keep`,
 * once, and kept on the result (a dev server renders a page again and again); without, at each
 * read and never kept (a one-shot build renders a page once, and a 5,000-page site's bodies held
 * from the transform to the end of the build were gigabytes).
 */
export function readEntry(store: KeyedStore, key: string, keep: boolean): MarkdownResult | undefined {
  const lines = store.getText(key)?.split('\n')
  if (lines?.length !== 4 || !store.hasWhole(bodyKeyOf(key), Number(lines[0]))) return undefined
  let result: MarkdownResult
  try {
    result = JSON.parse(lines[1]) as MarkdownResult
  } catch {
    return undefined
  }
  // Parsed on first read: the entry's digest has vouched for its text.
  defineLazyField(result, 'sections', () => JSON.parse(lines[2]))
  if (lines[3] !== '') defineLazyField(result, 'portable', () => JSON.parse(lines[3]))
  if (!keep) {
    defineComputedField(result, 'body', () => JSON.parse(readBody(store, key)[0]))
    defineComputedField(result, 'text', () => JSON.parse(readBody(store, key)[1]))
    return result
  }
  let bodyLines: string[] | undefined
  const bodyLine = (index: number) => {
    bodyLines ??= readBody(store, key)
    return JSON.parse(bodyLines[index])
  }
  defineLazyField(result, 'body', () => bodyLine(0))
  defineLazyField(result, 'text', () => bodyLine(1))
  return result
}

function readBody(store: KeyedStore, key: string): string[] {
  const lines = store.getText(bodyKeyOf(key))?.split('\n')
  if (lines?.length === 2) return lines
  throw new SheafError(`The cache entry ${store.fileOf(bodyKeyOf(key))} is missing or damaged.`, {
    hint: 'delete the .sheaf-cache folder and build again.',
  })
}

/**
 * Writes an entry (the main thread's cache and the markdown workers each do), the body first, so an
 * entry whose main file exists is complete. `later` (a template serialised after the render)
 * rewrites the main file; it is the caller's to call.
 */
export async function writeEntryFiles(store: KeyedStore, key: string, entry: Entry): Promise<void> {
  await store.putAsync(bodyKeyOf(key), entry.body)
  await store.putAsync(key, entry.main)
}
