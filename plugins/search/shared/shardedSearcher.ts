import { identifierTails } from './identifierTails.ts'
import { defaultSearchLimit, queryFuzziness } from './searchIndexOptions.ts'
import {
  cutMatches,
  matchDocuments,
  titleCandidatesInReach,
  titleIsQuery,
  toHit,
  type HitDocument,
  type Matches,
} from './searchPages.ts'
import { loadShards } from './shardIndex.ts'
import { shardsForTerm, typoShards } from './shardKeys.ts'
import { queryTerms } from './tokenize.ts'
import type { FragmentDocument, IndexShard, SearchHit, ShardedIndexMeta, ShardKeyTable } from './types.ts'

/** What a sharded search answers: the hits it could make, and how many files failed to load. */
export interface ShardedAnswer {
  hits: SearchHit[]
  /** Shards or document fragments that could not be read (their hits are missing; asked again next query). */
  failed: number
}

export interface ShardedSearcher {
  search(query: string, limit?: number): Promise<ShardedAnswer>
}

/** Reads a file of the sharded index by its path under the index folder (`s/<name>.json`, `d/<name>.json`). */
export type ShardFetcher = (path: string) => Promise<unknown>

/** A shard a query needs: its key (shards are put together in key order) and its path under the index folder. */
interface NeededShard {
  key: string
  path: string
}

/** Each file read once per session; one that fails is forgotten, so the next query asks again. */
type FileCache = <T>(path: string) => Promise<T>

/** One query's count of files that failed to load. */
interface Failures {
  count: number
}

/** The key table holding a term's shard keys (those starting with its first character), or null when no key does. */
export function keyTablePath(meta: Pick<ShardedIndexMeta, 'keyTables'>, term: string): string | null {
  const first = Array.from(term)[0]
  const name = first === undefined ? undefined : meta.keyTables[first]
  return name ? `k/${name}.json` : null
}

/** The shards (paths under the index folder) a term needs, from its key table (see shardsForTerm). */
export function shardPathsForTerm(table: ShardKeyTable, term: string, prefix: boolean): string[] {
  return shardsForTerm(table.keys, term, prefix).map((n) => `s/${table.shards[n]}.json`)
}

/**
 * A sharded index in the browser (see plugins/search/indexShards.ts). It starts from the meta
 * file alone; each query loads the key tables of its terms' first characters, then the shards its
 * terms need (each file once per session), loads them into one MiniSearch with the whole index's
 * document count and average field lengths (see shardIndex.ts), so MiniSearch scores a term as
 * the whole index does, ranks, and then loads the document fragments of the hits shown.
 * A file that fails costs only its own hits: the others are answered, and the failure is
 * counted for the caller to report.
 *
 * A query reads exactly the shards its terms name (never others the session happened to load),
 * so its answer depends on the query alone.
 * Note: a typo is first looked for within the term's own shard (see shardKeys.ts), so 'jest'
 * does not reach 'test' as the whole index lets it.
 */
export function createShardedSearcher(meta: ShardedIndexMeta, fetchFile: ShardFetcher): ShardedSearcher {
  const files = fileCache(fetchFile)
  return {
    async search(query, limit = defaultSearchLimit) {
      const trimmed = query.trim()
      if (!trimmed) return { hits: [], failed: 0 }
      const failures: Failures = { count: 0 }
      const words = queryTerms(trimmed)
      const tails = [...identifierTails(trimmed, queryFuzziness).keys()]
      const tableFor = await readKeyTables(meta, files, [...words, ...tails], failures)
      const shards = new QueryShards(files, failures)
      // The same prefix rule as searchOptions: a term of 2 characters or more also matches as a prefix.
      for (const term of words)
        shards.need(tableFor(term), (table) => shardsForTerm(table.keys, term, term.length >= 2))
      for (const tail of tails) shards.need(tableFor(tail), (table) => shardsForTerm(table.keys, tail, false))
      await shards.load()
      let matches = shards.match(meta, trimmed)
      if (matches.entries.length === 0) {
        // Nothing near the terms in their own shards: a typo may have changed a term's shard ('rnder').
        for (const term of words) {
          const budget = queryFuzziness(term)
          if (budget) shards.need(tableFor(term), (table) => typoShards(table.keys, term, budget))
        }
        if (await shards.load()) matches = shards.match(meta, trimmed)
      }
      const hits = await hitsOf(matches, new Fragments(meta, files, shards.loaded, failures), limit)
      return { hits, failed: failures.count }
    },
  }
}

function fileCache(fetchFile: ShardFetcher): FileCache {
  const cache = new Map<string, Promise<unknown>>()
  return <T>(path: string) => {
    let file = cache.get(path)
    if (!file) {
      file = fetchFile(path)
      file.catch(() => cache.delete(path))
      cache.set(path, file)
    }
    return file as Promise<T>
  }
}

/** Reads the key tables of the terms' first characters; gives each term's table (undefined: none, or failed). */
async function readKeyTables(
  meta: ShardedIndexMeta,
  files: FileCache,
  terms: readonly string[],
  failures: Failures,
): Promise<(term: string) => ShardKeyTable | undefined> {
  const tables = new Map<string, ShardKeyTable>()
  const paths = new Set(terms.map((term) => keyTablePath(meta, term)).filter((path): path is string => path !== null))
  const reads = await Promise.allSettled(
    [...paths].map((path) => files<ShardKeyTable>(path).then((table) => tables.set(path, table))),
  )
  for (const read of reads) if (read.status === 'rejected') failures.count += 1
  return (term) => {
    const path = keyTablePath(meta, term)
    return path ? tables.get(path) : undefined
  }
}

/** The shards one query reads: those it needs, loaded, in key order. */
class QueryShards {
  readonly loaded: IndexShard[] = []
  private readonly keyed: [key: string, shard: IndexShard][] = []
  private readonly asked = new Set<string>()
  private wanted: NeededShard[] = []

  constructor(
    private readonly files: FileCache,
    private readonly failures: Failures,
  ) {}

  /** Adds the shards at `positions(table)` of a term's key table (none without a table). */
  need(table: ShardKeyTable | undefined, positions: (table: ShardKeyTable) => readonly number[]): void {
    if (!table) return
    for (const n of positions(table)) {
      const path = `s/${table.shards[n]}.json`
      if (this.asked.has(path)) continue
      this.asked.add(path)
      this.wanted.push({ key: table.keys[n], path })
    }
  }

  /** Loads the shards needed since the last load; false when there were none. */
  async load(): Promise<boolean> {
    const wanted = this.wanted
    this.wanted = []
    const reads = await Promise.allSettled(
      wanted.map(({ key, path }) => this.files<IndexShard>(path).then((shard) => this.keyed.push([key, shard]))),
    )
    for (const read of reads) if (read.status === 'rejected') this.failures.count += 1
    // In key order, whatever order the files arrived in: the same index for the same query.
    this.keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    this.loaded.splice(0, this.loaded.length, ...this.keyed.map(([, shard]) => shard))
    return wanted.length > 0
  }

  /** The query's matches in one MiniSearch made of the loaded shards. */
  match(meta: ShardedIndexMeta, query: string): Matches {
    const index = loadShards(meta, this.loaded)
    const lengthsOf = (id: number) => {
      for (const shard of this.loaded) {
        const lengths = shard.fieldLength[id]
        if (lengths) return lengths
      }
      return []
    }
    return matchDocuments((q) => index.search(q), query, lengthsOf)
  }
}

/** The document fragments of one query's hits, named by the shards whose postings found them. */
class Fragments {
  private readonly rows = new Map<number, FragmentDocument[]>()
  private readonly asked = new Set<number>()

  constructor(
    private readonly meta: ShardedIndexMeta,
    private readonly files: FileCache,
    private readonly shards: readonly IndexShard[],
    private readonly failures: Failures,
  ) {}

  async read(ids: readonly number[]): Promise<void> {
    const wanted = [...new Set(ids.map((id) => this.fragmentOf(id)))].filter((n) => !this.asked.has(n))
    for (const n of wanted) this.asked.add(n)
    const reads = await Promise.allSettled(
      wanted.map((n) => {
        const name = this.shards.map((shard) => shard.fragments[n]).find(Boolean)
        return name
          ? this.files<FragmentDocument[]>(`d/${name}.json`)
          : Promise.reject(new Error(`No shard names fragment ${n}`))
      }),
    )
    reads.forEach((read, at) => {
      if (read.status === 'fulfilled') this.rows.set(wanted[at], read.value)
      else this.failures.count += 1
    })
  }

  row(id: number): FragmentDocument | undefined {
    return this.rows.get(this.fragmentOf(id))?.[id % this.meta.docsPerFragment]
  }

  private fragmentOf(id: number): number {
    return Math.floor(id / this.meta.docsPerFragment)
  }
}

/** The best `limit` hits of each type, their fragments read (titles that may be the whole query first: the bonus decides the order). */
async function hitsOf(matches: Matches, fragments: Fragments, limit: number): Promise<SearchHit[]> {
  await fragments.read(titleCandidatesInReach(matches, limit))
  const ranked = cutMatches(matches, (id) => titleIsQuery(fragments.row(id)?.[1] ?? '', matches.query), limit)
  await fragments.read(ranked.map((entry) => entry.id))
  const hits: SearchHit[] = []
  for (const entry of ranked) {
    const row = fragments.row(entry.id)
    if (row) hits.push(toHit(entry, fragmentDocument(row), matches.query))
  }
  return hits
}

function fragmentDocument([routePath, title, anchor, header, text]: FragmentDocument): HitDocument {
  return { routePath, title, anchor, header, text }
}
