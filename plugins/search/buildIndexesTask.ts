import { analysisCodeDigest, PersistentAnalysisCache } from './analysisCache.ts'
import { IndexStateStore } from './indexStateStore.ts'
import { buildSearchIndexes, type BuiltSearchIndex, type IndexablePage } from './buildSearchIndexes.ts'

/**
 * Builds and serialises every search index in a worker thread (see
 * startWorker): at N = 1,000 that is over half a second of work that needs
 * nothing from the main thread but the pages' text, while the main thread
 * renders. The worker starts with the build, so loading its modules and the
 * analysis cache hides behind the markdown transform.
 */
let analyses: PersistentAnalysisCache | undefined
let states: IndexStateStore | undefined

export function prepare(init: { cacheDir: string }): void {
  analyses = new PersistentAnalysisCache(init.cacheDir)
  states = new IndexStateStore(init.cacheDir, analysisCodeDigest())
  // Reads the cache files now, while the main thread is still transforming.
  analyses.get('')
  states.preload()
}

export interface BuildIndexesInput {
  pages: IndexablePage[]
  hashNames: boolean
}

export default function buildIndexesTask(input: BuildIndexesInput): BuiltSearchIndex[] {
  const built = buildSearchIndexes(input.pages, { hashNames: input.hashNames, analyses, states })
  analyses?.save()
  return [...built.values()]
}
