import { createHash } from 'node:crypto'
import { averageFieldLengths } from './indexWriter.ts'
import { capPostings, capStillHolds, maxPostingsPerField, postingCount, type CapStability } from './postingCap.ts'
import { searchIndexOptions } from './shared/searchIndexOptions.ts'
import { baseShardKey } from './shared/shardKeys.ts'
import type { IndexedPage, ShardKeyTable, ShardedIndexMeta, SectionDocument } from './shared/types.ts'

/**
 * Writes a sharded copy of one index, so the browser fetches only what a
 * query needs (bytes per query do not grow with the site):
 * - `meta.<hash>.json`: what every score needs (document count, average field
 *   lengths) and, per first character, the name of its key table;
 * - `k/<hash>.json`: the sorted shard keys starting with one character and each
 *   one's shard file name (a query reads the tables of its terms' first characters);
 * - `s/<hash>.json`: the postings of the terms of one shard (see shardKeys.ts),
 *   with the field lengths of the documents they name and the names of those
 *   documents' fragments. A common term keeps only its best postings per field
 *   (see postingCap.ts) with its true document frequency, so a query for 'the'
 *   costs as much at 20,000 pages as at 1,000 and scores stay the whole index's;
 * - `d/<hash>.json`: `docsPerFragment` consecutive sections' route, title,
 *   anchor, heading and text, read only for the hits shown.
 *
 * Every file is named after its content (content-addressed): a rebuild after a
 * one-page edit writes new names only for the files whose content changed, and
 * every other file keeps its name, its bytes and the browser's cached copy.
 */

/** A shard is split by one more character past this many characters of JSON (about 6 KB gzip). */
export const maxShardChars = 24_000
/** Sections per document fragment: a hit costs about one small file. */
export const docsPerFragment = 4

/** The sharded files of an index, by path under its folder. */
export type ShardFiles = [name: string, content: string][]

/** A sharded index: its files and the name of its meta file among them (what the pointer names). */
export interface WrittenShards {
  files: ShardFiles
  /**
   * Shard files the last build wrote, unchanged since (see ShardMemo), by path under the index's
   * folder: not in `files`, their content is not at hand (the previous output has them).
   */
  reused: string[]
  meta: string
  /** What the next build needs to reuse this build's shards (see ShardMemo). */
  memo: ShardMemo
}

/**
 * What a build's shards were, kept with the index state (see indexStateStore.ts) so that a
 * rebuild writes again only the shards its edit touched: the N = 1,000 corpus has 2,700 shard
 * files, and finding each one's documents, writing and hashing it took 0.15-0.2 s of a one-page
 * rebuild whose edit changed a few dozen. A shard is the same as last time when it has the same
 * key, the same first term and as many terms, and none of its terms is dirty (see ShardChanges).
 * Its content is not kept (12 MB at N = 1,000, read and written by every build): the previous
 * output has the file, and the rare build whose output lost it indexes afresh (see index.ts).
 */
export interface ShardMemo {
  documentCount: number
  /** Each fragment's file name, by fragment number. */
  fragments: string[]
  /**
   * What each fragment was made from, by fragment number (its documents' analysis keys, anchors,
   * routes and page titles: see fragmentKey): an equal key gives the same name without writing
   * and hashing the fragment again. Absent in state files of earlier versions.
   */
  fragmentKeys?: string[]
  /**
   * Each capped term's capped entry, and how long its cut holds (see capStillHolds; absent in
   * state files of earlier versions): an edit that moves a field's average length re-caps those
   * whose cut it may change.
   */
  capped: [term: string, entry: string, stability?: CapStability[]][]
  shards: { key: string; first: string; count: number; name: string }[]
}

/**
 * What changed since the build that left `memo`: the documents whose analysis changed (their
 * field lengths, their fragments) and every term their old or new analyses hold. `termsOf`
 * gives a document's terms, for the neighbours of a changed document in its fragment.
 */
export interface ShardChanges {
  memo: ShardMemo
  docs: readonly number[]
  terms: ReadonlySet<string>
  termsOf: (doc: number) => Iterable<string>
}

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
  /** Per document: its analysis key (its indexed text; see analysisKey), for the fragments' keys. */
  docKeys?: readonly string[]
}

const postingRE = /"(\d+)":\d+/g
/**
 * At most what one posting adds to its shard's tables: a field-lengths row (`"12345":[null,3,57],`)
 * and a fragment row (`"3086":"01234567",`), less what the rows of documents shared by the shard's terms save. Counted
 * in the shard's size, so files stay under the limit.
 */
const tableCharsPerPosting = 28

/** The name a file gets from its content: 8 characters of its SHA-256 (48 bits), URL-safe. */
export function contentName(content: string): string {
  return createHash('sha256').update(content).digest('base64url').slice(0, 8)
}

export function writeShards(input: ShardInput, changes?: ShardChanges): WrittenShards {
  const { documents, lengths, terms } = input
  const averageFieldLength = averageFieldLengths(lengths)
  // Common terms keep their best postings per field only (the entry's third element is the true document frequency).
  // A capped entry none of whose postings changed keeps its cap while the averages it was made
  // at have not moved enough to change it (see capStillHolds).
  const keptCaps = changes
    ? new Map(changes.memo.capped.map(([term, entry, stability]) => [term, { entry, stability }]))
    : undefined
  const longest = keptCaps ? longestFieldLengths(lengths) : []
  const stabilities = new Map<string, CapStability[]>()
  const entries = input.entries.map((entry, at) => {
    const term = terms[at]
    const kept = keptCaps && !changes?.terms.has(term) ? keptCaps.get(term) : undefined
    if (kept && capStillHolds(kept.stability, averageFieldLength, longest)) {
      stabilities.set(term, kept.stability as CapStability[])
      return kept.entry
    }
    const stability: CapStability[] = []
    const cut = capPostings(entry, lengths, averageFieldLength, maxPostingsPerField, stability)
    stabilities.set(term, stability)
    return cut
  })
  const capped: ShardMemo['capped'] = []
  entries.forEach((entry, at) => {
    if (entry !== input.entries[at]) capped.push([terms[at], entry, stabilities.get(terms[at]) ?? []])
  })
  const names = new Map<string, string>()
  const files: ShardFiles = []
  // Files named after the last build's, whose content is not made again (see WrittenShards.reused).
  const reusedPaths = new Set<string>()
  const add = (folder: string, content: string, name = contentName(content)): string => {
    const path = `${folder}${name}.json`
    // Reused: the same name is the same content (the hash's length is checked below when both are at hand).
    if (reusedPaths.has(path)) return name
    const existing = names.get(path)
    // Two different contents with one name would serve one of them for both: never silently.
    if (existing !== undefined && existing !== content)
      throw new Error(`Two search index files share the name ${path}; change the hash length in indexShards.ts.`)
    if (existing === undefined) {
      names.set(path, content)
      files.push([path, content])
    }
    return name
  }

  const reused: string[] = []
  const reuse = (path: string) => {
    if (names.has(path) || reusedPaths.has(path)) return
    reusedPaths.add(path)
    reused.push(path)
  }
  const fragmentNames: string[] = []
  const fragmentKeys: string[] = []
  for (let first = 0; first < documents.length; first += docsPerFragment) {
    const n = fragmentNames.length
    const docs = documents.slice(first, first + docsPerFragment)
    const key = input.docKeys ? fragmentKey(docs, input.pages, input.docKeys) : ''
    fragmentKeys.push(key)
    // Made of the same as last time: the same name, neither written nor hashed again.
    const known = changes?.memo.fragmentKeys?.[n] === key && key !== '' ? changes.memo.fragments[n] : undefined
    if (known !== undefined) {
      reuse(`d/${known}.json`)
      fragmentNames.push(known)
      continue
    }
    const fragment = JSON.stringify(
      docs.map((document) => {
        const page = input.pages[document.page]
        return [
          page.routePath,
          page.title,
          document.anchor,
          document.header,
          page.content.slice(document.start, document.end),
        ]
      }),
    )
    // A fragment the last build wrote under the same name is named, not sent (see WrittenShards.reused).
    const name = contentName(fragment)
    if (changes && changes.memo.fragments[n] === name) reuse(`d/${name}.json`)
    else add('d/', fragment, name)
    fragmentNames.push(name)
  }
  const reusable =
    changes && changes.memo.documentCount === documents.length ? dirtyTerms(changes, fragmentNames, capped) : null
  const previousShards = new Map(reusable ? changes?.memo.shards.map((shard) => [shard.key, shard]) : [])
  const memoShards: ShardMemo['shards'] = []

  const groups = new Map<string, number[]>()
  terms.forEach((term, at) => {
    const key = baseShardKey(term)
    const group = groups.get(key)
    if (group) group.push(at)
    else groups.set(key, [at])
  })
  // What a term adds to its shard's file: its entry, and for each posting at most one row of each table.
  const sizes = entries.map((entry) => entry.length + tableCharsPerPosting * postingCount(entry))
  const shards: [key: string, termIndexes: number[]][] = []
  for (const [key, group] of groups) split(key, group, terms, sizes, shards)
  shards.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

  const shardNames = shards.map(([key, group]) => {
    const first = terms[group[0]]
    const previous = previousShards.get(key)
    if (
      reusable &&
      previous &&
      previous.first === first &&
      previous.count === group.length &&
      !group.some((at) => reusable.has(terms[at]))
    ) {
      memoShards.push(previous)
      reuse(`s/${previous.name}.json`)
      return previous.name
    }
    const docs = new Set<number>()
    for (const at of group) for (const match of entries[at].matchAll(postingRE)) docs.add(Number(match[1]))
    const fieldLength: Record<number, (number | null)[]> = {}
    const fragments: Record<number, string> = {}
    for (const id of [...docs].sort((a, b) => a - b)) {
      fieldLength[id] = lengths[id]
      const n = Math.floor(id / docsPerFragment)
      fragments[n] = fragmentNames[n]
    }
    const name = add(
      's/',
      `{"fieldLength":${JSON.stringify(fieldLength)},"fragments":${JSON.stringify(fragments)},"index":[${group.map((at) => entries[at]).join(',')}]}`,
    )
    memoShards.push({ key, first, count: group.length, name })
    return name
  })

  // One key table per first character: a query reads only those of its terms.
  const byFirst = new Map<string, number[]>()
  shards.forEach(([key], n) => {
    const first = Array.from(key)[0]
    const positions = byFirst.get(first)
    if (positions) positions.push(n)
    else byFirst.set(first, [n])
  })
  const keyTables: Record<string, string> = {}
  for (const [first, positions] of byFirst) {
    const table: ShardKeyTable = {
      keys: positions.map((n) => shards[n][0]),
      shards: positions.map((n) => shardNames[n]),
    }
    keyTables[first] = add('k/', JSON.stringify(table))
  }
  const meta: ShardedIndexMeta = {
    version: input.version,
    lang: input.lang,
    documentCount: documents.length,
    fieldIds: Object.fromEntries(searchIndexOptions.fields.map((field, fieldId) => [field, fieldId])),
    averageFieldLength,
    keyTables,
    docsPerFragment,
  }
  const metaJson = JSON.stringify(meta)
  const metaName = `meta.${contentName(metaJson)}.json`
  files.push([metaName, metaJson])
  return {
    files,
    reused,
    meta: metaName,
    memo: {
      documentCount: documents.length,
      fragments: fragmentNames,
      fragmentKeys: input.docKeys ? fragmentKeys : undefined,
      capped,
      shards: memoShards,
    },
  }
}

/**
 * What a fragment's rows are made of, as a string: each document's analysis key (its title, header and text), anchor,
 * route and page title.
 */
function fragmentKey(
  docs: readonly SectionDocument[],
  pages: readonly IndexedPage[],
  docKeys: readonly string[],
): string {
  return docs
    .map(
      (document) =>
        `${docKeys[document.id]}\u0000${document.anchor}\u0000${pages[document.page].routePath}\u0000${pages[document.page].title}`,
    )
    .join('\u0001')
}

/**
 * The terms whose shards cannot be reused from the memo: those of the changed documents and of
 * every document sharing a fragment whose name changed (a shard names its documents' fragments
 * and lists their field lengths), and those whose capped entry changed.
 */
function dirtyTerms(changes: ShardChanges, fragmentNames: readonly string[], capped: ShardMemo['capped']): Set<string> {
  const dirty = new Set(changes.terms)
  const docs = new Set(changes.docs)
  fragmentNames.forEach((name, n) => {
    if (changes.memo.fragments[n] === name) return
    for (let doc = n * docsPerFragment; doc < (n + 1) * docsPerFragment; doc++) docs.add(doc)
  })
  for (const doc of docs) if (doc < changes.memo.documentCount) for (const term of changes.termsOf(doc)) dirty.add(term)
  const before = new Map(changes.memo.capped.map(([term, entry]) => [term, entry]))
  for (const [term, entry] of capped) {
    if (before.get(term) !== entry) dirty.add(term)
    before.delete(term)
  }
  // Capped before, not now.
  for (const term of before.keys()) dirty.add(term)
  return dirty
}

/** Splits a group whose entries are too big by the next character, keeping terms as long as the key under the key. */
function split(
  key: string,
  group: number[],
  terms: readonly string[],
  sizes: readonly number[],
  out: [string, number[]][],
): void {
  let size = 0
  for (const at of group) size += sizes[at]
  // Most groups fit: decided before counting any term's characters (a rebuild's worker spent 85 ms here).
  if (size <= maxShardChars) {
    out.push([key, group])
    return
  }
  const keyLength = codePointLength(key)
  const longer = group.filter((at) => codePointLength(terms[at]) > keyLength)
  if (longer.length === 0) {
    out.push([key, group])
    return
  }
  const exact = group.filter((at) => codePointLength(terms[at]) === keyLength)
  if (exact.length) out.push([key, exact])
  const children = new Map<string, number[]>()
  for (const at of longer) {
    const child = Array.from(terms[at])
      .slice(0, keyLength + 1)
      .join('')
    const list = children.get(child)
    if (list) list.push(at)
    else children.set(child, [at])
  }
  for (const [child, list] of children) split(child, list, terms, sizes, out)
}

const surrogateRE = /[\uD800-\uDFFF]/

/** A string's length in code points (what `Array.from(text).length` gives), without the array for plain text. */
function codePointLength(text: string): number {
  return surrogateRE.test(text) ? Array.from(text).length : text.length
}

/**
 * Per field, the longest length any document has in it (what bounds a posting's weight's change: see capStillHolds).
 */
function longestFieldLengths(lengths: readonly (number | null)[][]): number[] {
  const longest: number[] = []
  for (const document of lengths)
    document.forEach((length, field) => (longest[field] = Math.max(longest[field] ?? 0, length ?? 0)))
  return longest
}
