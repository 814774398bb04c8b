import type { Root } from 'mdast'
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { mergeChunkTrees, splitIntoChunks } from './parseInChunks.ts'

/** Files above this size are parsed on every core: parsing is most of the work on a huge page. */
export const parallelParseThreshold = 1024 * 1024

interface PoolWorker {
  worker: Worker
  pending: Map<number, { resolve: (tree: Root) => void; reject: (error: Error) => void }>
}

let pool: PoolWorker[] | null = null
let nextId = 0

/**
 * Parses a huge document's chunks in worker threads, then joins the trees
 * (positions shifted back to the file). The workers start on first use and
 * are unref'd, so they never keep a finished process alive.
 */
export async function parseInParallel(source: string, mdx: boolean): Promise<Root> {
  const chunks = splitIntoChunks(source)
  const workers = getPool()
  const trees = await Promise.all(chunks.map((chunk, index) => parseOn(workers[index % workers.length], chunk.text, mdx)))
  return mergeChunkTrees(source, chunks, trees)
}

function getPool(): PoolWorker[] {
  if (pool) return pool
  const size = Math.max(1, Math.min(os.availableParallelism(), 4))
  pool = Array.from({ length: size }, () => {
    const worker = new Worker(new URL('./parseWorker.ts', import.meta.url))
    const entry: PoolWorker = { worker, pending: new Map() }
    worker.on('message', (message: { id: number; tree?: Root; error?: string }) => {
      const waiting = entry.pending.get(message.id)
      entry.pending.delete(message.id)
      if (entry.pending.size === 0) worker.unref()
      if (message.tree) waiting?.resolve(message.tree)
      else waiting?.reject(new Error(message.error))
    })
    worker.on('error', (error) => {
      for (const waiting of entry.pending.values()) waiting.reject(error)
      entry.pending.clear()
      pool = null
    })
    // An idle pool must not keep a finished process alive; a busy one must (see parseOn).
    worker.unref()
    return entry
  })
  return pool
}

function parseOn(entry: PoolWorker, text: string, mdx: boolean): Promise<Root> {
  const id = nextId++
  return new Promise((resolve, reject) => {
    entry.pending.set(id, { resolve, reject })
    entry.worker.ref()
    entry.worker.postMessage({ id, text, mdx })
  })
}
