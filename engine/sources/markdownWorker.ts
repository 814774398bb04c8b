// A worker task that transforms a share of the markdown files with its own highlighter and
// processor (see warmMarkdownCache.ts). It runs on the worker pool (workers/runInWorker.ts):
// `prepare` loads the pipeline when the thread starts, the default export transforms a share.
import fs from 'node:fs'
import path from 'node:path'
import type { MessagePort } from 'node:worker_threads'
import { engineVersion } from '../buildContext.ts'
import { isSheafError } from '../errors.ts'
import { createCodeHighlighter } from '../markdown/highlighter.ts'
import { createHighlightStore, type HighlightStore } from '../markdown/highlightStore.ts'
import { createMarkdownProcessor, type MarkdownProcessor, type MarkdownResult } from '../markdown/processor.ts'
import type { ComponentRegistry } from '../markdown/remarkMdxComponents.ts'
import { entryFileOf, writeEntry, writeEntryFiles } from './markdownCacheEntry.ts'

export interface MarkdownJob {
  key: string
  source: string
  file: string
  portable: boolean
}

export interface MarkdownWorkerOptions {
  codeThemes: { light: string; dark: string }
  sanitize: boolean
  reservedIds?: string[]
  components: ComponentRegistry
  maxPageSize?: number
  containerTypes?: string[]
  highlightDir: string | null
  /**
   * The markdown cache's folder: the worker stores each result there itself and sends back only
   * that it did (see MarkdownShareMessage). None: it sends the results.
   */
  entryDir?: string | null
  /** With the site's unified plugins: functions cannot be sent to a thread, so this one imports the config. */
  root?: string
  configFile?: string
}

/**
 * What a share sends back on its port: results in small batches, then `done`. A result stored in
 * the cache folder comes back as `stored` only: the main thread reads it from there when a page
 * needs it (a 5,000-page build then never holds every parsed body on its thread, and spends
 * no time deserialising and serialising them).
 */
export interface MarkdownShareMessage {
  results: { key: string; result?: MarkdownResult; stored?: true; error?: string }[]
  done: boolean
}

/** Results go back in small batches, so neither thread holds every parsed page at once. */
const batchSize = 16

let processor: MarkdownProcessor
let highlightStore: HighlightStore | undefined
let entryDir: string | null = null

export async function prepare(options: MarkdownWorkerOptions): Promise<void> {
  const highlighter = await createCodeHighlighter(options.codeThemes)
  // Blocks highlighted here are kept for the next build's re-transformed pages (see highlightStore.ts).
  highlightStore = options.highlightDir ? createHighlightStore(options.highlightDir, engineVersion) : undefined
  entryDir = options.entryDir ?? null
  processor = createMarkdownProcessor({ highlighter, highlightStore, components: options.components, sanitize: options.sanitize, reservedIds: options.reservedIds, maxPageSize: options.maxPageSize, containerTypes: options.containerTypes, ...(await sitePlugins(options)) })
}

async function sitePlugins(options: MarkdownWorkerOptions) {
  if (!options.configFile || !options.root) return {}
  const { loadConfig } = await import('../config/loadConfig.ts')
  const { markdown } = await loadConfig(options.root, options.configFile)
  return { remarkPlugins: markdown.remarkPlugins, rehypePlugins: markdown.rehypePlugins }
}

/** Transforms the share, posting results on `port` as it goes; resolves with how many files it transformed. */
export default async function transformShare({ jobs, port }: { jobs: MarkdownJob[]; port: MessagePort }): Promise<number> {
  let results: MarkdownShareMessage['results'] = []
  // A batch is posted once its entries are on disk.
  let writes: Promise<unknown>[] = []
  for (const job of jobs) {
    try {
      const result = await processor.process({ source: job.source, file: job.file, mdx: job.file.endsWith('.mdx'), portable: job.portable })
      const stored = entryDir ? storeEntry(entryDir, job.key, result) : null
      if (stored) writes.push(stored)
      results.push(stored ? { key: job.key, stored: true } : { key: job.key, result })
    } catch (error) {
      // Errors are re-raised on the main thread, in file order, by the normal transform.
      results.push({ key: job.key, error: isSheafError(error) ? error.message : String(error) })
    }
    if (results.length >= batchSize) {
      await post(port, results, writes, false)
      results = []
      writes = []
    }
  }
  // The thread is stopped once it answers: its highlighted blocks must be on disk by then.
  await highlightStore?.flush()
  await post(port, results, writes, true)
  port.close()
  return jobs.length
}

/**
 * Posts a batch once its entries are written. An entry that failed to write (a full or read-only
 * disk) goes back as the result itself: the cache is only ever a speed-up.
 */
async function post(port: MessagePort, results: MarkdownShareMessage['results'], writes: Promise<unknown>[], done: boolean): Promise<void> {
  await Promise.all(writes)
  port.postMessage({ results: results.map((item) => (item.stored && failed.has(item.key) ? { key: item.key, result: failed.get(item.key) } : item)), done } satisfies MarkdownShareMessage)
  for (const item of results) failed.delete(item.key)
}

const failed = new Map<string, MarkdownResult>()
const folders = new Map<string, Promise<unknown>>()

/** Writes the result's entry (see markdownCacheEntry.ts); resolves once written or failed. */
function storeEntry(dir: string, key: string, result: MarkdownResult): Promise<void> {
  const file = entryFileOf(dir, key)
  const folder = path.dirname(file)
  let made = folders.get(folder)
  if (!made) folders.set(folder, (made = fs.promises.mkdir(folder, { recursive: true })))
  return made.then(() => writeEntryFiles(file, writeEntry(result))).catch(() => void failed.set(key, result))
}
