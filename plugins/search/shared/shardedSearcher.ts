import { identifierTails } from './identifierTails.ts'
import { defaultSearchLimit, queryFuzziness } from './searchIndexOptions.ts'
import {
  cutMatches,
  matchDocuments,
  titleCandidatesInReach,
  titleIsQuery,
  toHit,
  type HitDocument,
} from './searchPages.ts'
import { readyShard, searchShards, type ReadyShard } from './shardScorer.ts'
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

/** A shard a query needs: its key (scores are summed in key order) and its path under the index folder. */
interface NeededShard {
  key: string
  path: string
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
 * A sharded index in the browser (see plugins/search/indexShards.ts). It
 * starts from the meta file alone; each query loads the key tables of its terms'
 * first characters, then the shards its terms need
 * (once per session, kept as ready structures: see shardScorer.ts), scores
 * their postings with the whole index's document count and average field
 * lengths (so a term's score is the whole index's), ranks, and then loads the
 * document fragments of the hits shown.
 * A file that fails costs only its own hits: the others are answered, and the
 * failure is counted for the caller to report.
 *
 * A query reads exactly the shards its terms name (never others the session
 * happened to load), so its answer depends on the query alone.
 * Note: a typo is first looked for within the term's own shard (see shardKeys.ts),
 * so 'jest' does not reach 'test' as the whole index lets it.
 */
export function createShardedSearcher(meta: ShardedIndexMeta, fetchFile: ShardFetcher): ShardedSearcher {
  const shards = new Map<string, Promise<ReadyShard>>()
  const fragments = new Map<string, Promise<FragmentDocument[]>>()
  const tables = new Map<string, Promise<ShardKeyTable>>()

  const cached = <T>(cache: Map<string, Promise<T>>, path: string, read: (file: unknown) => T) =>
    cachedFile(cache, path, read, fetchFile)

  return {
    async search(query, limit = defaultSearchLimit) {
      const trimmed = query.trim()
      if (!trimmed) return { hits: [], failed: 0 }
      let failed = 0
      // Each term's key table (its first character's), read once per session.
      const words = queryTerms(trimmed)
      const tails = [...identifierTails(trimmed, queryFuzziness).keys()]
      const tableOf = new Map<string, ShardKeyTable | null>()
      const tablePaths = new Set(
        [...words, ...tails].map((term) => keyTablePath(meta, term)).filter((path): path is string => path !== null),
      )
      const tableLoads = await Promise.allSettled(
        [...tablePaths].map((path) =>
          cached(tables, path, (file) => file as ShardKeyTable).then((table) => tableOf.set(path, table)),
        ),
      )
      for (const result of tableLoads) if (result.status === 'rejected') failed += 1
      const tableFor = (term: string) => loadedTable(tableOf, meta, term)
      const needed = new Map<string, NeededShard>()
      // The same prefix rule as searchOptions: a term of 2 characters or more also matches as a prefix.
      for (const term of words) {
        const table = tableFor(term)
        if (table) needShards(table, shardsForTerm(table.keys, term, term.length >= 2), needed, needed)
      }
      for (const tail of tails) {
        const table = tableFor(tail)
        if (table) needShards(table, shardsForTerm(table.keys, tail, false), needed, needed)
      }
      const loaded: [key: string, shard: ReadyShard][] = []
      const load = async (wanted: Iterable<NeededShard>) => {
        const loads = await Promise.allSettled(
          [...wanted].map(({ key, path }) =>
            cached(shards, path, (file) => readyShard(file as IndexShard)).then((shard) => loaded.push([key, shard])),
          ),
        )
        for (const result of loads) if (result.status === 'rejected') failed += 1
        // In key order, whatever order the files arrived in: scores are summed in one order.
        loaded.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      }
      const match = () => matchLoaded(loaded, meta, trimmed)
      await load(needed.values())
      let matches = match()
      if (matches.entries.length === 0) {
        // Nothing near the terms in their own shards: a typo may have changed a term's shard ('rnder').
        const more = typoNeeds(words, tableFor, needed)
        if (more.size > 0) {
          await load(more.values())
          matches = match()
        }
      }
      const fragmentOf = (id: number) => Math.floor(id / meta.docsPerFragment)
      const fragmentName = (n: number) => fragmentNameIn(loaded, n)
      const byFragment = new Map<number, FragmentDocument[]>()
      const asked = new Set<number>()
      const readFragments = async (ids: readonly number[]) => {
        const wanted = [...new Set(ids.map(fragmentOf))].filter((n) => !asked.has(n))
        for (const n of wanted) asked.add(n)
        const read = await Promise.allSettled(
          wanted.map((n) => {
            const name = fragmentName(n)
            return name
              ? cached(fragments, `d/${name}.json`, (file) => file as FragmentDocument[])
              : Promise.reject(new Error(`No shard names fragment ${n}`))
          }),
        )
        read.forEach((result, at) => {
          if (result.status === 'fulfilled') byFragment.set(wanted[at], result.value)
          else failed += 1
        })
      }
      const rowOf = (id: number) => byFragment.get(fragmentOf(id))?.[id % meta.docsPerFragment]
      // Titles that may be the whole query are read first: the bonus decides the order.
      await readFragments(titleCandidatesInReach(matches, limit))
      const ranked = cutMatches(matches, (id) => titleIsQuery(rowOf(id)?.[1] ?? '', trimmed), limit)
      await readFragments(ranked.map((entry) => entry.id))
      const hits = ranked.flatMap((entry): SearchHit[] => {
        const row = rowOf(entry.id)
        return row ? [toHit(entry, fragmentDocument(row), trimmed)] : []
      })
      return { hits, failed }
    },
  }
}

/** The key table of a term's first character, when it was read. */
function loadedTable(
  tableOf: Map<string, ShardKeyTable | null>,
  meta: ShardedIndexMeta,
  term: string,
): ShardKeyTable | null | undefined {
  const path = keyTablePath(meta, term)
  return path ? tableOf.get(path) : undefined
}

/** Adds the shards at `positions` of a key table to `into`, unless `needed` has them already. */
function needShards(
  table: ShardKeyTable,
  positions: readonly number[],
  needed: Map<string, NeededShard>,
  into: Map<string, NeededShard>,
): void {
  for (const n of positions) {
    const path = `s/${table.shards[n]}.json`
    if (!needed.has(path)) into.set(path, { key: table.keys[n], path })
  }
}

/** The shards a typo of each term may have moved it to, beyond those `needed` already. */
function typoNeeds(
  words: readonly string[],
  tableFor: (term: string) => ShardKeyTable | null | undefined,
  needed: Map<string, NeededShard>,
): Map<string, NeededShard> {
  const more = new Map<string, NeededShard>()
  for (const term of words) {
    const budget = queryFuzziness(term)
    const table = tableFor(term)
    if (budget && table) needShards(table, typoShards(table.keys, term, budget), needed, more)
  }
  return more
}

/** The file at `path`, fetched once and kept; forgotten on failure, so the next query asks again. */
function cachedFile<T>(
  cache: Map<string, Promise<T>>,
  path: string,
  read: (file: unknown) => T,
  fetchFile: ShardFetcher,
): Promise<T> {
  let file = cache.get(path)
  if (!file) {
    file = fetchFile(path).then(read)
    file.catch(() => cache.delete(path))
    cache.set(path, file)
  }
  return file
}

/** The query's matches in the shards loaded so far (in key order). */
function matchLoaded(loaded: readonly [key: string, shard: ReadyShard][], meta: ShardedIndexMeta, trimmed: string) {
  const ready = loaded.map(([, shard]) => shard)
  const lengthsOf = (id: number) => {
    for (const shard of ready) {
      const lengths = shard.fieldLength.get(id)
      if (lengths) return lengths
    }
    return []
  }
  return matchDocuments((q) => searchShards(ready, meta, q), trimmed, lengthsOf)
}

/** A hit's fragment is named by the shard whose postings found it. */
function fragmentNameIn(loaded: readonly [key: string, shard: ReadyShard][], n: number): string | undefined {
  for (const [, shard] of loaded) {
    const name = shard.fragments.get(n)
    if (name) return name
  }
  return undefined
}

function fragmentDocument([routePath, title, anchor, header, text]: FragmentDocument): HitDocument {
  return { routePath, title, anchor, header, text }
}
