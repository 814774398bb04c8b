/**
 * What the build and the browser share about search: one copy of the index
 * options, tokenizer, term processing, snippets and grouping.
 */
export { groupHits, hitTypes } from './groupHits.ts'
export { foldText, foldWithMap } from './normalizeText.ts'
export { pageDocuments, type SearchablePage } from './pageDocuments.ts'
export { defaultSearchLimit, fieldBoosts, searchIndexOptions, searchOptions } from './searchIndexOptions.ts'
export {
  createSearcher,
  cutMatches,
  matchDocuments,
  searchPages,
  titleIsQuery,
  toHit,
  type HitDocument,
  type Matches,
  type RankedDocument,
  type Searcher,
} from './searchPages.ts'
export {
  createShardedSearcher,
  keyTablePath,
  shardPathsForTerm,
  type ShardedAnswer,
  type ShardedSearcher,
  type ShardFetcher,
} from './shardedSearcher.ts'
export { baseShardKey, maxPrefixShards, shardsForTerm } from './shardKeys.ts'
export { cjkCharWidth, extractSnippet, findHighlights, snippetWidth, textWidth } from './snippet.ts'
export { processQueryTerm, processTerm, queryTerms, segmentCjk, tokenize } from './tokenize.ts'
export type * from './types.ts'
