import { createHash } from 'node:crypto'
import type { AsPlainObject } from 'minisearch'
import { groupTerms, type ShardGroup } from './shardSplit.ts'
import type { IndexedPage, SectionDocument, ShardedIndexMeta, ShardKeyTable } from './shared/types.ts'

/**
 * The sharded copy of a MiniSearch index, cut from its own `toJSON()` in pure stages, so bytes
 * per query stay bounded as the site grows:
 * - `meta.<hash>.json`: document count, average field lengths, the key tables' names;
 * - `k/<hash>.json`: per first character, the sorted shard keys and each one's file;
 * - `s/<hash>.json`: the `toJSON()` entries of one shard's terms (see shardSplit.ts), with the
 *   field lengths of the documents they name and the names of those documents' fragments. The
 *   browser loads each shard it reads as a MiniSearch with the whole index's document count and
 *   averages (shared/shardIndex.ts), and MiniSearch scores it as the whole index;
 * - `d/<hash>.json`: `docsPerFragment` consecutive sections' route, title, anchor, heading and
 *   text, read only for the hits shown.
 *
 * Every file is named after its content: a rebuild after a one-page edit gives new names only to
 * the files whose content changed, and every other file keeps the browser's cached copy.
 */

export { maxShardChars } from './shardSplit.ts'

/** Sections per document fragment: a hit costs about one small file. */
export const docsPerFragment = 4

/** The sharded files of an index, by path under its folder. */
export type ShardFiles = [name: string, content: string][]

/** A sharded index: its files and the name of its meta file among them (what the pointer names). */
export interface WrittenShards {
  files: ShardFiles
  meta: string
}

export interface ShardInput {
  version: string | null
  lang: string
  pages: readonly IndexedPage[]
  /** The section documents, in short id order (a document's id is its short id). */
  documents: readonly SectionDocument[]
  /** `MiniSearch#toJSON()` of the documents. */
  index: AsPlainObject
}

/** The name a file gets from its content: 8 characters of its SHA-256 (48 bits), URL-safe. */
export function contentName(content: string): string {
  return createHash('sha256').update(content).digest('base64url').slice(0, 8)
}

export function writeShards(input: ShardInput): WrittenShards {
  const files = new ContentFiles()
  const fragments = fragmentRows(input.pages, input.documents).map((rows) => files.add('d/', JSON.stringify(rows)))
  const { terms, entries } = serialisedEntries(input.index)
  const groups = groupTerms(terms, entries.map(shardSize))
  const fieldLength = input.index.fieldLength as Record<string, (number | null)[]>
  const shardNames = groups.map(([, group]) =>
    files.add(
      's/',
      shardJson(
        group.map((at) => entries[at]),
        fieldLength,
        fragments,
      ),
    ),
  )
  const keyTables: Record<string, string> = {}
  for (const [first, table] of keyTablesByFirst(groups, shardNames))
    keyTables[first] = files.add('k/', JSON.stringify(table))
  const meta: ShardedIndexMeta = {
    version: input.version,
    lang: input.lang,
    documentCount: input.index.documentCount,
    fieldIds: input.index.fieldIds,
    averageFieldLength: input.index.averageFieldLength,
    keyTables,
    docsPerFragment,
  }
  const metaJson = JSON.stringify(meta)
  const metaName = `meta.${contentName(metaJson)}.json`
  return { files: [...files.list, [metaName, metaJson]], meta: metaName }
}

/** Files by content-derived path; two contents under one name is an error, never a silent overwrite. */
class ContentFiles {
  readonly list: ShardFiles = []
  private readonly byPath = new Map<string, string>()

  add(folder: string, content: string): string {
    const name = contentName(content)
    const path = `${folder}${name}.json`
    const existing = this.byPath.get(path)
    if (existing !== undefined && existing !== content)
      throw new Error(`Two search index files share the name ${path}; change the hash length in indexShards.ts.`)
    if (existing === undefined) {
      this.byPath.set(path, content)
      this.list.push([path, content])
    }
    return name
  }
}

/** The documents' rows (route, page title, anchor, heading, text), `docsPerFragment` per fragment. */
export function fragmentRows(pages: readonly IndexedPage[], documents: readonly SectionDocument[]): string[][][] {
  const fragments: string[][][] = []
  for (let first = 0; first < documents.length; first += docsPerFragment) {
    fragments.push(
      documents.slice(first, first + docsPerFragment).map((document) => {
        const page = pages[document.page]
        return [
          page.routePath,
          page.title,
          document.anchor,
          document.header,
          page.content.slice(document.start, document.end),
        ]
      }),
    )
  }
  return fragments
}

/** The index's terms, sorted (UTF-16 order), and each one's `toJSON()` entry as JSON. */
export function serialisedEntries(index: AsPlainObject): { terms: string[]; entries: string[] } {
  const sorted = [...index.index].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return { terms: sorted.map(([term]) => term), entries: sorted.map((entry) => JSON.stringify(entry)) }
}

const postingRE = /"(\d+)":\d+/g

/**
 * What an entry adds to its shard's file: itself, and per posting at most a field-lengths row
 * (`"12345":[0,3,57],`) and a fragment row (`"3086":"01234567",`).
 */
function shardSize(entry: string): number {
  let postings = 0
  for (const _ of entry.matchAll(postingRE)) postings += 1
  return entry.length + 28 * postings
}

/** One shard's file: its entries, and the field lengths and fragment names of the documents they name. */
export function shardJson(
  entries: readonly string[],
  fieldLength: Record<string, (number | null)[]>,
  fragmentNames: readonly string[],
): string {
  const docs = new Set<number>()
  for (const entry of entries) for (const match of entry.matchAll(postingRE)) docs.add(Number(match[1]))
  const lengths: Record<number, (number | null)[]> = {}
  const fragments: Record<number, string> = {}
  for (const id of [...docs].sort((a, b) => a - b)) {
    lengths[id] = fieldLength[id]
    const n = Math.floor(id / docsPerFragment)
    fragments[n] = fragmentNames[n]
  }
  const head = `{"fieldLength":${JSON.stringify(lengths)},"fragments":${JSON.stringify(fragments)}`
  return `${head},"index":[${entries.join(',')}]}`
}

/** One key table per first character of the shard keys: a query reads only those of its terms. */
export function keyTablesByFirst(
  groups: readonly ShardGroup[],
  shardNames: readonly string[],
): Map<string, ShardKeyTable> {
  const tables = new Map<string, ShardKeyTable>()
  groups.forEach(([key], n) => {
    const first = Array.from(key)[0]
    let table = tables.get(first)
    if (!table) tables.set(first, (table = { keys: [], shards: [] }))
    table.keys.push(key)
    table.shards.push(shardNames[n])
  })
  return tables
}
