import type { SearchAnswer } from './searchBackend.ts'
import {
  createSearcher,
  createShardedSearcher,
  groupHits,
  searchPages,
  type SearchIndexFile,
  type ShardedIndexMeta,
} from './searchShared.ts'

/** A loaded local index: answers a query with grouped hits (in the worker or on the main thread). */
export type LocalSearch = (query: string, limit: number) => Promise<SearchAnswer>

const shardedMetaRE = /\/meta(\.[\w-]+)?\.json$/

/**
 * Loads the index at `url`: a sharded index's `meta.json` (a build's), whose
 * shards and document fragments are then fetched per query, or a whole index
 * file (the develop server's).
 */
export async function loadSearchIndex(url: string): Promise<LocalSearch> {
  const file = await fetchJson(url, 'The search index')
  if (!shardedMetaRE.test(new URL(url).pathname)) {
    const searcher = createSearcher(file as SearchIndexFile)
    return async (query, limit) => ({ groups: groupHits(searchPages(searcher, query, limit), limit), failed: 0 })
  }
  // Shard and fragment files are named after the index's content hash: the browser may cache them for good.
  const sharded = createShardedSearcher(file as ShardedIndexMeta, (path) =>
    fetchJson(new URL(path, url).href, 'A part of the search index'),
  )
  return async (query, limit) => {
    const { hits, failed } = await sharded.search(query, limit)
    return { groups: groupHits(hits, limit), failed }
  }
}

async function fetchJson(url: string, what: string): Promise<unknown> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${what} ${url} answered ${response.status}.`)
  return response.json()
}
