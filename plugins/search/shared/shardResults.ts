import type MiniSearch from 'minisearch'
import type { Query, SearchResult } from 'minisearch'

/**
 * One query's results over several shard indexes, as one MiniSearch holding all of them gives
 * them. Each shard index is MiniSearch's own (shardIndex.ts) and scores its terms' postings with
 * the whole index's document count and averages; a term lives in one shard, so each matched
 * term's part of a section's score comes from exactly one index, and the parts add up.
 *
 * The one rule of MiniSearch's taken on trust here: `search` multiplies a section's summed score
 * by the number of query terms it matched (`queryTerms`), so each shard's score is divided by its
 * own count and the sum multiplied by the count of all the shards' query terms. shards.test.ts
 * compares sharded hits and scores with the whole index's, so a MiniSearch that ranks otherwise
 * fails there rather than ranking differently unseen.
 */
export function searchShards(indexes: readonly MiniSearch[], query: Query): SearchResult[] {
  if (indexes.length === 1) return indexes[0].search(query)
  const byId = new Map<number, { score: number; queryTerms: Set<string>; match: SearchResult['match'] }>()
  for (const index of indexes) {
    for (const result of index.search(query)) {
      const part = result.score / Math.max(1, result.queryTerms.length)
      const found = byId.get(result.id as number)
      if (!found) {
        byId.set(result.id as number, { score: part, queryTerms: new Set(result.queryTerms), match: result.match })
        continue
      }
      found.score += part
      for (const term of result.queryTerms) found.queryTerms.add(term)
      Object.assign(found.match, result.match)
    }
  }
  const results: SearchResult[] = []
  for (const [id, { score, queryTerms, match }] of byId) {
    const terms = [...queryTerms]
    results.push({ id, score: score * Math.max(1, terms.length), terms: Object.keys(match), queryTerms: terms, match })
  }
  return results.sort((a, b) => b.score - a.score)
}
