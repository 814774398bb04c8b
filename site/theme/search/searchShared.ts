/**
 * The theme's door to the search plugin's shared module: the same index
 * options, term processing, snippets and grouping the build used.
 */
export { createSearcher, createShardedSearcher, groupHits, searchPages } from 'sheaf/plugins/search/shared'
export type {
  HighlightRange,
  HitGroup,
  HitType,
  RemoteSearchGroup,
  SearchClientConfig,
  SearchHit,
  SearchIndexFile,
  ShardedIndexMeta,
} from 'sheaf/plugins/search/shared'
export { defaultSearchLimit } from 'sheaf/plugins/search/shared'
