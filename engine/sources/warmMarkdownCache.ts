import os from 'node:os'
import { chooseTransformStrategy } from './transformStrategy.ts'
import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { startWorker } from '../workers/runInWorker.ts'
import type { MarkdownJob, MarkdownShareMessage, MarkdownWorkerOptions } from './markdownWorker.ts'
import type { SheafNode } from '../store/types.ts'
import type { MarkdownCache } from './markdownCache.ts'
import { fragmentMatcher } from '../markdown/fragmentImports.ts'

const markdownRE = /\.mdx?$/

/**
 * Transforms the markdown files the cache does not have yet in worker
 * threads (one highlighter and processor per worker), filling the cache so
 * the sequential transform that follows only reads it. Each worker gets its
 * share up front, so it never waits on the main thread. Files that fail are
 * left out: the main thread transforms them again and reports the error.
 */
export async function warmMarkdownCache(
  nodes: SheafNode[],
  cache: MarkdownCache,
  options: WorkerOptions & {
    fragments?: readonly string[]
    workers: boolean
    threads?: number
    onPlan?: (workerCount: number) => void
  },
): Promise<number> {
  const isFragment = fragmentMatcher(options.fragments ?? [])
  const markdown = nodes.filter(
    (node) =>
      node.type === 'File' &&
      typeof node.content === 'string' &&
      markdownRE.test(String(node.relativePath)) &&
      !isFragment(String(node.sourcePath)),
  )
  const all: Job[] = markdown.map((node) => ({
    key: cache.key(String(node.content), String(node.sourcePath)),
    source: String(node.content),
    file: String(node.sourcePath),
    portable: cache.portableMarkdown,
  }))
  const jobs = all.filter((job) => !cache.has(job.key))
  const threads = options.threads ?? os.availableParallelism()
  const strategy = chooseTransformStrategy({
    uncached: jobs.length,
    cached: markdown.length - jobs.length,
    workersAllowed: options.workers,
    threads,
  })
  const workerCount = strategy.kind === 'workers' ? strategy.count : 0
  options.onPlan?.(workerCount)
  // Otherwise the main thread transforms them, as the transform reaches them.
  if (strategy.kind !== 'workers') return 0
  return transformInWorkers(jobs, workerCount, cache, options)
}

/**
 * What a markdown worker starts with, and the site's unified plugins: functions cannot cross to a worker, so with any,
 * each worker imports the config itself.
 */
type WorkerOptions = MarkdownWorkerOptions & { remarkPlugins?: unknown[]; rehypePlugins?: unknown[] }

/** A file to transform; `portable`: with its portable markdown (see MarkdownCache.portableMarkdown). */
type Job = MarkdownJob

/** A markdown worker thread, loading its pipeline from the moment it is started. */
interface MarkdownWorker {
  /** Transforms the batch into the cache; resolves with how many files it stored. */
  run(batch: Job[], cache: MarkdownCache): Promise<number>
}

/** A modest heap limit makes each worker collect garbage early instead of growing. */
const heapLimits = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 64 }

/** Starts a worker (a thread of the worker pool running markdownWorker.ts), loading its pipeline at once. */
function startMarkdownWorker(options: WorkerOptions): MarkdownWorker {
  const init: MarkdownWorkerOptions = {
    codeThemes: options.codeThemes,
    sanitize: options.sanitize,
    reservedIds: options.reservedIds,
    contentClasses: options.contentClasses,
    components: options.components,
    maxPageSize: options.maxPageSize,
    containerTypes: options.containerTypes,
    fragmentImports: options.fragmentImports,
    cache: options.cache,
    entryDir: options.entryDir,
    ...(options.remarkPlugins?.length || options.rehypePlugins?.length
      ? { root: options.root, configFile: options.configFile }
      : {}),
  }
  const task = startWorker<{ jobs: Job[]; port: MessagePort }, number>(
    new URL('./markdownWorker.ts', import.meta.url),
    init,
    { resourceLimits: heapLimits },
  )
  return {
    async run(batch, cache) {
      const channel = new MessageChannel()
      let count = 0
      // The results come on the port, the answer through the pool: the share is over when both are in.
      const lastResults = new Promise<void>((resolve) => {
        channel.port1.on('message', (message: MarkdownShareMessage) => {
          for (const item of message.results) {
            if (item.result) cache.set(item.key, item.result)
            if (item.result || item.stored) count++
          }
          if (message.done) resolve()
        })
      })
      try {
        await task.run({ jobs: batch, port: channel.port2 }, [channel.port2])
        await lastResults
      } catch {
        // A worker that stops without answering (killed, out of memory) leaves its files to the main thread.
      } finally {
        channel.port1.close()
        task.close()
      }
      return count
    },
  }
}

async function transformInWorkers(
  jobs: Job[],
  workerCount: number,
  cache: MarkdownCache,
  options: WorkerOptions,
): Promise<number> {
  // Largest files first, dealt round-robin, so workers finish together.
  const sorted = [...jobs].sort((a, b) => b.source.length - a.source.length)
  const batches = Array.from({ length: workerCount }, (_, index) =>
    sorted.filter((_, jobIndex) => jobIndex % workerCount === index),
  )
  const done = await Promise.all(batches.map((batch) => startMarkdownWorker(options).run(batch, cache)))
  return done.reduce((sum, count) => sum + count, 0)
}
