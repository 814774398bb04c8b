import { movedResult } from 'sheaf'
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

/**
 * Build the indexes (answered at once, their states saved right after), or wait until those
 * states are saved (see IndexStateStore.save).
 */
export type BuildIndexesInput = { pages: IndexablePage[]; hashNames: boolean } | { save: true }

/**
 * A built index as the worker sends it: its whole-file JSON as UTF-8 bytes, moved to the main thread (see movedResult).
 */
export type SentSearchIndex = Omit<BuiltSearchIndex, 'json' | 'bytes'> & { json: Uint8Array }

export default function buildIndexesTask(input: BuildIndexesInput): SentSearchIndex[] {
  if ('save' in input) {
    // The build's answer saved them right after it; this thread reads this message only then, so it
    // resolves once they are on disk (and saves them itself if nothing did).
    states?.save()
    return []
  }
  // The unchanged shards are named, not sent: the main thread keeps them from the previous output.
  const built = [
    ...buildSearchIndexes(input.pages, { hashNames: input.hashNames, states, reuseShards: true }).values(),
  ].map(({ bytes, ...index }) => ({ ...index, json: bytes ?? new TextEncoder().encode(index.json) }))
  // Saved once the answer is posted (before the next turn of this thread's loop), while the main
  // thread reads it and emits the files: asked for by a second message, the save began only once
  // the main thread had read the answer (0.15 s later at N = 1,000), and the build waited for it.
  setImmediate(() => states?.save())
  return movedResult(
    built,
    built.map((index) => index.json.buffer as ArrayBuffer),
  )
}
