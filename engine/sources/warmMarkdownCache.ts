import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type { MarkdownResult } from '../markdown/processor.ts'
import type { SheafNode } from '../store/types.ts'
import type { MarkdownCache } from './markdownCache.ts'

const markdownRE = /\.mdx?$/
/** Below this many uncached files, starting workers costs more than it saves. */
const minimumFilesForWorkers = 24

/**
 * Transforms the markdown files the cache does not have yet in worker
 * threads (one highlighter and processor per worker), filling the cache so
 * the sequential transform that follows only reads it. Files that fail are
 * left out: the main thread transforms them again and reports the error.
 */
export async function warmMarkdownCache(nodes: SheafNode[], cache: MarkdownCache, options: { codeThemes: { light: string; dark: string }; sanitize: boolean }): Promise<number> {
  const jobs = nodes
    .filter((node) => node.type === 'File' && typeof node.content === 'string' && markdownRE.test(String(node.relativePath)))
    .map((node) => ({ key: cache.key(String(node.content), String(node.sourcePath)), source: String(node.content), file: String(node.sourcePath) }))
    .filter((job) => !cache.has(job.key))
  const workerCount = Number(process.env.SHEAF_WORKERS ?? Math.min(os.availableParallelism(), 4, Math.floor(jobs.length / (minimumFilesForWorkers / 2))))
  if (jobs.length < minimumFilesForWorkers || workerCount < 1) return 0
  // Largest files first, dealt round-robin, so workers finish together.
  const sorted = [...jobs].sort((a, b) => b.source.length - a.source.length)
  const batches = Array.from({ length: workerCount }, (_, index) => sorted.filter((_, jobIndex) => jobIndex % workerCount === index))
  const done = await Promise.all(
    batches.map(
      (batch) =>
        new Promise<number>((resolve, reject) => {
          // A modest heap limit makes each worker collect garbage early instead of growing.
          const worker = new Worker(new URL('./markdownWorkerBootstrap.mjs', import.meta.url), { workerData: options, resourceLimits: { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 64 } })
          let count = 0
          worker.on('message', (message: 'ready' | { results: { key: string; result?: MarkdownResult }[]; done: boolean }) => {
            if (message === 'ready') {
              worker.postMessage(batch)
              return
            }
            for (const item of message.results) {
              if (item.result) {
                cache.set(item.key, item.result)
                count++
              }
            }
            if (!message.done) return
            void worker.terminate()
            resolve(count)
          })
          worker.on('error', reject)
        }),
    ),
  )
  return done.reduce((sum, count) => sum + count, 0)
}
