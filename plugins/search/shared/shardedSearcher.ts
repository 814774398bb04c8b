import MiniSearch from 'minisearch'
import { identifierTails } from './identifierTails.ts'
import { defaultSearchLimit, queryFuzziness, searchIndexOptions } from './searchIndexOptions.ts'
import { cutMatches, matchDocuments, titleCandidatesInReach, titleIsQuery, toHit, type HitDocument } from './searchPages.ts'
import { shardsForTerm, typoShards } from './shardKeys.ts'
import { queryTerms } from './tokenize.ts'
import type { FragmentDocument, IndexShard, SearchHit, SectionDocument, ShardedIndexMeta } from './types.ts'

/** What a sharded search answers: the hits it could make, and how many files failed to load. */
export interface ShardedAnswer {
  hits: SearchHit[]
  /** Shards or document fragments that could not be read (their hits are missing; asked again next query). */
  failed: number
}

export interface ShardedSearcher {
  search(query: string, limit?: number): Promise<ShardedAnswer>
}

/** Reads a file of the sharded index by its path under the index folder (`s/3.json`, `d/12.json`). */
export type ShardFetcher = (path: string) => Promise<unknown>

/**
 * A sharded index in the browser (see plugins/search/indexShards.ts). It
 * starts from the meta file alone; each query loads the shards its terms need
 * (once per session), makes one MiniSearch index of them with the whole
 * index's document count and average field lengths (so a term's score is the
 * whole index's), ranks, and then loads the document fragments of the hits shown.
 * A file that fails costs only its own hits: the others are answered, and the
 * failure is counted for the caller to report.
 *
 * Note: a typo is only forgiven within the term's own shard (see shardKeys.ts),
 * so 'jest' no longer reaches 'test' as the whole index lets it; exact and
 * prefix matches score exactly as in the whole index.
 */
export function createShardedSearcher(meta: ShardedIndexMeta, fetchFile: ShardFetcher): ShardedSearcher {
  const shards = new Map<number, Promise<IndexShard>>()
  const fragments = new Map<number, Promise<FragmentDocument[]>>()
  // The index of the last query's shards: the next keystroke usually needs the same ones.
  let last: { key: string; index: MiniSearch<SectionDocument>; fieldLength: IndexShard['fieldLength'] } | null = null

  const cached = <T>(cache: Map<number, Promise<T>>, n: number, path: string): Promise<T> => {
    let file = cache.get(n)
    if (!file) {
      file = fetchFile(path) as Promise<T>
      // Forgotten on failure: the next query asks again.
      file.catch(() => cache.delete(n))
      cache.set(n, file)
    }
    return file
  }

  /**
   * One MiniSearch index of exactly these shards, with the whole index's document count and
   * average field lengths. Built per set of shards, not grown over the session: a query's
   * answer (and its time) then depends on the query alone, not on what was searched before.
   */
  const indexOf = (loaded: readonly [n: number, shard: IndexShard][]) => {
    const key = loaded.map(([n]) => n).join(',')
    if (last?.key === key) return last
    const documentIds: Record<string, number> = {}
    const fieldLength: IndexShard['fieldLength'] = {}
    const entries: IndexShard['index'] = []
    for (const [, shard] of loaded) {
      for (const [id, lengths] of Object.entries(shard.fieldLength)) {
        documentIds[id] = Number(id)
        fieldLength[id] = lengths
      }
      // A loop, not push(...): a big shard's entries would overflow the call stack.
      for (const entry of shard.index) entries.push(entry)
    }
    const plain = { documentCount: meta.documentCount, nextId: meta.documentCount, documentIds, fieldIds: meta.fieldIds, fieldLength, averageFieldLength: meta.averageFieldLength, storedFields: {}, dirtCount: 0, index: entries, serializationVersion: 2 }
    last = { key, index: MiniSearch.loadJS<SectionDocument>(plain as unknown as Parameters<typeof MiniSearch.loadJS>[0], searchIndexOptions), fieldLength }
    return last
  }

  return {
    async search(query, limit = defaultSearchLimit) {
      const trimmed = query.trim()
      if (!trimmed) return { hits: [], failed: 0 }
      const needed = new Set<number>()
      // The same prefix rule as searchOptions: a term of 2 characters or more also matches as a prefix.
      for (const term of queryTerms(trimmed)) for (const n of shardsForTerm(meta.keys, term, term.length >= 2)) needed.add(n)
      for (const tail of identifierTails(trimmed, queryFuzziness).keys()) for (const n of shardsForTerm(meta.keys, tail, false)) needed.add(n)
      let failed = 0
      const loaded: [number, IndexShard][] = []
      const load = async (wanted: Iterable<number>) => {
        const loads = await Promise.allSettled([...wanted].sort((a, b) => a - b).map((n) => cached(shards, n, `s/${n}.json`).then((shard) => loaded.push([n, shard]))))
        for (const result of loads) if (result.status === 'rejected') failed += 1
        loaded.sort(([a], [b]) => a - b)
      }
      await load(needed)
      let { index, fieldLength } = indexOf(loaded)
      let matches = matchDocuments(index, trimmed, (id) => fieldLength[id] ?? [])
      if (matches.entries.length === 0) {
        // Nothing near the terms in their own shards: a typo may have changed a term's shard ('rnder').
        const more = new Set<number>()
        for (const term of queryTerms(trimmed)) if (queryFuzziness(term)) for (const n of typoShards(meta.keys, term)) if (!needed.has(n)) more.add(n)
        if (more.size > 0) {
          await load(more)
          ;({ index, fieldLength } = indexOf(loaded))
          matches = matchDocuments(index, trimmed, (id) => fieldLength[id] ?? [])
        }
      }
      const fragmentOf = (id: number) => Math.floor(id / meta.docsPerFragment)
      const byFragment = new Map<number, FragmentDocument[]>()
      const asked = new Set<number>()
      const readFragments = async (ids: readonly number[]) => {
        const wanted = [...new Set(ids.map(fragmentOf))].filter((n) => !asked.has(n))
        for (const n of wanted) asked.add(n)
        const read = await Promise.allSettled(wanted.map((n) => cached(fragments, n, `d/${n}.json`)))
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
      const hits: SearchHit[] = []
      for (const entry of ranked) {
        const row = rowOf(entry.id)
        if (row) hits.push(toHit(entry, fragmentDocument(row), trimmed))
      }
      return { hits, failed }
    },
  }
}

function fragmentDocument([routePath, title, anchor, header, text]: FragmentDocument): HitDocument {
  return { routePath, title, anchor, header, text }
}
