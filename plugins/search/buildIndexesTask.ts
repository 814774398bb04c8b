import { analysisCodeDigest } from './analysisCache.ts'
import { buildSearchIndexes, type BuiltSearchIndex, type IndexablePage } from './buildSearchIndexes.ts'
import { IndexStateStore } from './indexStateStore.ts'

/**
 * Builds and serialises every search index in a worker thread (see
 * startWorker): work that needs nothing from the main thread but the pages'
 * text, while the main thread renders. The worker starts with the build, so
 * loading its modules and the last build's index states (see indexState.ts:
 * postings, and each document's analysis) hides behind the markdown transform.
 */
let states: IndexStateStore | undefined

export function prepare(init: { cacheDir: string }): void {
  states = new IndexStateStore(init.cacheDir, analysisCodeDigest())
  // Reads the state files now, while the main thread is still transforming.
  states.preload()
}

/** Build the indexes (answered at once), or then save the states that build left (see IndexStateStore.save). */
export type BuildIndexesInput = { pages: IndexablePage[]; hashNames: boolean } | { save: true }

export default function buildIndexesTask(input: BuildIndexesInput): BuiltSearchIndex[] {
  if ('save' in input) {
    states?.save()
    return []
  }
  // The unchanged shards are named, not sent: the main thread keeps them from the previous output.
  return [...buildSearchIndexes(input.pages, { hashNames: input.hashNames, states, reuseShards: true }).values()]
}
