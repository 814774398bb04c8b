import { averageFieldLengths } from './indexWriter.ts'
import { searchIndexOptions } from './shared/searchIndexOptions.ts'
import { baseShardKey } from './shared/shardKeys.ts'
import type { IndexedPage, ShardedIndexMeta, SectionDocument } from './shared/types.ts'

/**
 * Writes a sharded copy of one index, so the browser fetches only what a
 * query needs (bytes per query do not grow with the site):
 * - `meta.json`: what every score needs (document count, average field
 *   lengths) and the sorted shard keys; small and fixed per term alphabet;
 * - `s/<n>.json`: the postings of the terms of shard n (see shardKeys.ts),
 *   with the field lengths of the documents they name, so BM25 scores are the
 *   whole index's scores;
 * - `d/<n>.json`: `docsPerFragment` consecutive sections' route, title,
 *   anchor, heading and text, read only for the hits shown.
 */

/** A shard is split by one more character past this many characters of JSON (about 6 KB gzip). */
export const maxShardChars = 24_000
/** Sections per document fragment: a hit costs about one small file. */
export const docsPerFragment = 4

/** The sharded files of an index, by path under its folder. */
export type ShardFiles = [name: string, content: string][]

export interface ShardInput {
  version: string | null
  lang: string
  pages: readonly IndexedPage[]
  documents: readonly SectionDocument[]
  /** Per document: the field lengths (null: the field is absent). */
  lengths: readonly (number | null)[][]
  /** Sorted terms and their serialized entries (`["term",{field:{doc:count}}]`), as the whole index writes them. */
  terms: readonly string[]
  entries: readonly string[]
}

const postingRE = /"(\d+)":\d+/g

export function writeShards(input: ShardInput): ShardFiles {
  const { documents, lengths, terms, entries } = input
  const groups = new Map<string, number[]>()
  terms.forEach((term, at) => {
    const key = baseShardKey(term)
    const group = groups.get(key)
    if (group) group.push(at)
    else groups.set(key, [at])
  })
  const shards: [key: string, termIndexes: number[]][] = []
  for (const [key, group] of groups) split(key, group, terms, entries, shards)
  shards.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

  const files: ShardFiles = []
  shards.forEach(([, group], n) => {
    const docs = new Set<number>()
    for (const at of group) for (const match of entries[at].matchAll(postingRE)) docs.add(Number(match[1]))
    const fieldLength: Record<number, (number | null)[]> = {}
    for (const id of [...docs].sort((a, b) => a - b)) fieldLength[id] = lengths[id]
    files.push([`s/${n}.json`, `{"fieldLength":${JSON.stringify(fieldLength)},"index":[${group.map((at) => entries[at]).join(',')}]}`])
  })

  for (let first = 0; first < documents.length; first += docsPerFragment) {
    const fragment = documents.slice(first, first + docsPerFragment).map((document) => {
      const page = input.pages[document.page]
      return [page.routePath, page.title, document.anchor, document.header, page.content.slice(document.start, document.end)]
    })
    files.push([`d/${first / docsPerFragment}.json`, JSON.stringify(fragment)])
  }

  const meta: ShardedIndexMeta = {
    version: input.version,
    lang: input.lang,
    documentCount: documents.length,
    fieldIds: Object.fromEntries(searchIndexOptions.fields.map((field, fieldId) => [field, fieldId])),
    averageFieldLength: averageFieldLengths(lengths),
    keys: shards.map(([key]) => key),
    docsPerFragment,
  }
  files.push(['meta.json', JSON.stringify(meta)])
  return files
}

/** Splits a group whose entries are too big by the next character, keeping terms as long as the key under the key. */
function split(key: string, group: number[], terms: readonly string[], entries: readonly string[], out: [string, number[]][]): void {
  let size = 0
  for (const at of group) size += entries[at].length
  const keyLength = Array.from(key).length
  const longer = group.filter((at) => Array.from(terms[at]).length > keyLength)
  if (size <= maxShardChars || longer.length === 0) {
    out.push([key, group])
    return
  }
  const exact = group.filter((at) => Array.from(terms[at]).length === keyLength)
  if (exact.length) out.push([key, exact])
  const children = new Map<string, number[]>()
  for (const at of longer) {
    const child = Array.from(terms[at]).slice(0, keyLength + 1).join('')
    const list = children.get(child)
    if (list) list.push(at)
    else children.set(child, [at])
  }
  for (const [child, list] of children) split(child, list, terms, entries, out)
}
