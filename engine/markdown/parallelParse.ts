import type { Root } from 'mdast'
import os from 'node:os'
import { startWorker, type WorkerTask } from '../workers/runInWorker.ts'
import { mergeChunkTrees, splitIntoChunks } from './parseInChunks.ts'
import type { ParseJob } from './parseWorker.ts'

/** Files above this size are parsed on every core: parsing is most of the work on a huge page. */
export const parallelParseThreshold = 1024 * 1024

let pool: WorkerTask<ParseJob, Root> | null = null

/**
 * Parses a huge document's chunks in worker threads (up to four), then joins the trees
 * (positions shifted back to the file). The threads start on first use and stay for the
 * process's next huge page; idle, they never keep a finished process alive.
 */
export async function parseInParallel(source: string, mdx: boolean): Promise<Root> {
  const chunks = splitIntoChunks(source)
  pool ??= startWorker<ParseJob, Root>(new URL('./parseWorker.ts', import.meta.url), undefined, { threads: Math.max(1, Math.min(os.availableParallelism(), 4)) })
  const workers = pool
  const trees = await Promise.all(chunks.map((chunk) => workers.run({ text: chunk.text, mdx }))).catch((error: unknown) => {
    // A pool whose thread died is not reused.
    pool = null
    workers.close()
    throw error
  })
  return mergeChunkTrees(source, chunks, trees)
}
