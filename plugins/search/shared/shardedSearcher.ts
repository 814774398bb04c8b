import { Fragments, hitsOf } from './hitFragments.ts'
import { identifierTails } from './identifierTails.ts'
import { QueryShards, readKeyTables } from './queryShards.ts'
import { defaultSearchLimit, queryFuzziness } from './searchIndexOptions.ts'
import { fileCache, type Failures, type ShardFetcher } from './sessionFiles.ts'
import { SessionIndex } from './sessionIndex.ts'
import { shardsForTerm, typoShards } from './shardKeys.ts'
import { queryTerms } from './tokenize.ts'
import type { SearchHit, ShardedIndexMeta } from './types.ts'

export { keyTablePath, shardPathsForTerm } from './queryShards.ts'
export type { ShardFetcher } from './sessionFiles.ts'

/** What a sharded search answers: the hits it could make, and how many files failed to load. */
export interface ShardedAnswer {
  hits: SearchHit[]
  /** Shards or document fragments that could not be read (their hits are missing; asked again next query). */
  failed: number
}

export interface ShardedSearcher {
  search(query: string, limit?: number): Promise<ShardedAnswer>
}

/**
 * A sharded index in the browser (see plugins/search/indexShards.ts). It starts from the meta
 * file alone; each query loads the key tables of its terms' first characters, then the shards its
 * terms need (each file once per session), lets MiniSearch score them with the whole index's
 * document count and average field lengths (see sessionIndex.ts and shardIndex.ts), so a term
 * scores as in the whole index, ranks, and then loads the document fragments of the hits shown.
 * A file that fails costs only its own hits: the others are answered, and the failure is
 * counted for the caller to report.
 *
 * A query sees exactly the terms of the shards its terms name (never others the session happened
 * to load), so its answer depends on the query alone.
 * Note: a typo is first looked for within the term's own shard (see shardKeys.ts), so 'jest'
 * does not reach 'test' as the whole index lets it.
 */
export function createShardedSearcher(meta: ShardedIndexMeta, fetchFile: ShardFetcher): ShardedSearcher {
  const files = fileCache(fetchFile)
  const session = new SessionIndex(meta)
  return {
    async search(query, limit = defaultSearchLimit) {
      const trimmed = query.trim()
      if (!trimmed) return { hits: [], failed: 0 }
      const failures: Failures = { count: 0 }
      const words = queryTerms(trimmed)
      const tails = [...identifierTails(trimmed, queryFuzziness).keys()]
      const tableFor = await readKeyTables(meta, files, [...words, ...tails], failures)
      const shards = new QueryShards(files, session, failures)
      // The same prefix rule as searchOptions: a term of 2 characters or more also matches as a prefix.
      for (const term of words)
        shards.need(tableFor(term), (table) => shardsForTerm(table.keys, term, term.length >= 2))
      for (const tail of tails) shards.need(tableFor(tail), (table) => shardsForTerm(table.keys, tail, false))
      await shards.load()
      let matches = shards.match(trimmed)
      if (matches.entries.length === 0) {
        // Nothing near the terms in their own shards: a typo may have changed a term's shard ('rnder').
        for (const term of words) {
          const budget = queryFuzziness(term)
          if (budget) shards.need(tableFor(term), (table) => typoShards(table.keys, term, budget))
        }
        if (await shards.load()) matches = shards.match(trimmed)
      }
      const hits = await hitsOf(matches, new Fragments(meta, files, session, failures), limit)
      return { hits, failed: failures.count }
    },
  }
}
