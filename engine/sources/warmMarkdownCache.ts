import os from 'node:os'
import { chooseTransformStrategy } from './transformStrategy.ts'
import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { startWorker } from '../workers/runInWorker.ts'
import type { MarkdownJob, MarkdownShareMessage, MarkdownWorkerOptions } from './markdownWorker.ts'
import type { HighlightAhead } from '../markdown/highlightAhead.ts'
import type { MarkdownProcessor } from '../markdown/processor.ts'
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
  options: WorkerOptions & { fragments?: readonly string[]; workers: boolean; threads?: number; onPlan?: (workerCount: number) => void; highlightAhead?: HighlightAhead; processor?: MarkdownProcessor },
): Promise<number> {
  const isFragment = fragmentMatcher(options.fragments ?? [])
  const markdown = nodes.filter((node) => node.type === 'File' && typeof node.content === 'string' && markdownRE.test(String(node.relativePath)) && !isFragment(String(node.sourcePath)))
  const all: Job[] = markdown.map((node) => ({ key: cache.key(String(node.content), String(node.sourcePath)), source: String(node.content), file: String(node.sourcePath), portable: cache.portableMarkdown }))
  const jobs = all.filter((job) => !cache.has(job.key))
  const threads = options.threads ?? os.availableParallelism()
  const strategy = chooseTransformStrategy({
    uncached: jobs.length,
    cached: markdown.length - jobs.length,
    workersAllowed: options.workers,
    threads,
    canHighlightAhead: options.processor !== undefined && options.highlightAhead !== undefined,
  })
  // A small site's code blocks go to the highlight worker first: it is the longest part of their transform.
  const highlighting = strategy.kind === 'main-highlight' && options.highlightAhead?.start(jobs.map((job) => job.source), options.codeThemes) === true
  const workerCount = strategy.kind === 'workers' ? strategy.count : 0
  options.onPlan?.(workerCount)
  if (strategy.kind !== 'workers') {
    // The main thread transforms them: a worker highlights their code blocks meanwhile.
    if (highlighting && options.processor) transformAhead(jobs, cache, options.processor)
    return 0
  }
  return transformInWorkers(jobs, workerCount, cache, options)
}

/**
 * Starts every file's transform now, on the main thread, instead of one after the other as the
 * transform reaches them: a file parses, then waits for its code blocks from the highlight worker
 * while the next file parses, so neither thread waits for the other. Only for a small site (its
 * parsed pages are all in memory at once). A file that fails is left to the transform, which
 * processes it again and reports the error where it belongs.
 *
 * Each file is parsed in a task of its own: the next file starts (setImmediate) only once the one
 * before it has parsed (`onParsed`). Started together, or each merely a task after the other,
 * every call waited for the processor to load (its modules, shiki) and then every parse ran in one
 * chain of microtasks: the thread handled no message for the whole parse phase (1.3 s of this
 * site's cold build on a loaded machine), and the highlight worker's results and its next work
 * waited for it.
 */
function transformAhead(jobs: Job[], cache: MarkdownCache, processor: MarkdownProcessor): void {
  let previousParsed: Promise<unknown> = Promise.resolve()
  for (const job of jobs) {
    let parsed: () => void = () => undefined
    const thisParsed = new Promise<void>((resolve) => (parsed = resolve))
    const started = previousParsed.then(nextTask)
    previousParsed = thisParsed
    const done = started
      .then(() => processor.process({ source: job.source, file: job.file, mdx: job.file.endsWith('.mdx'), portable: job.portable && 'deferred', onParsed: parsed }))
      .then(
        (result) => cache.set(job.key, result),
        () => undefined,
      )
      // A file that failed before its parse ended must not hold up the next.
      .finally(parsed)
    cache.expect(job.key, done)
  }
}

/** Resolves in a later task of the event loop, after the messages waiting now are handled. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/** What a markdown worker starts with, and the site's unified plugins: functions cannot cross to a worker, so with any, each worker imports the config itself. */
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
  const init: MarkdownWorkerOptions = { codeThemes: options.codeThemes, sanitize: options.sanitize, reservedIds: options.reservedIds, contentClasses: options.contentClasses, components: options.components, maxPageSize: options.maxPageSize, containerTypes: options.containerTypes, fragmentImports: options.fragmentImports, highlightDir: options.highlightDir, entryDir: options.entryDir, ...(options.remarkPlugins?.length || options.rehypePlugins?.length ? { root: options.root, configFile: options.configFile } : {}) }
  const task = startWorker<{ jobs: Job[]; port: MessagePort }, number>(new URL('./markdownWorker.ts', import.meta.url), init, { resourceLimits: heapLimits })
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

async function transformInWorkers(jobs: Job[], workerCount: number, cache: MarkdownCache, options: WorkerOptions): Promise<number> {
  // Largest files first, dealt round-robin, so workers finish together.
  const sorted = [...jobs].sort((a, b) => b.source.length - a.source.length)
  const batches = Array.from({ length: workerCount }, (_, index) => sorted.filter((_, jobIndex) => jobIndex % workerCount === index))
  const done = await Promise.all(batches.map((batch) => startMarkdownWorker(options).run(batch, cache)))
  return done.reduce((sum, count) => sum + count, 0)
}
