import { buildSearchIndexes, type BuiltSearchIndex, type IndexablePage } from './buildSearchIndexes.ts'

/**
 * Builds a build's search indexes and shards in a worker thread (see indexInWorker.ts): plain
 * pages in, plain strings out, nothing from the main thread's state.
 */
export default function buildIndexesTask(input: { pages: IndexablePage[] }): BuiltSearchIndex[] {
  return [...buildSearchIndexes(input.pages, { hashNames: true }).values()]
}
