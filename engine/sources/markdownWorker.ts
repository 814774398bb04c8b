// A worker task that transforms a share of the markdown files with its own highlighter and
// processor (see warmMarkdownCache.ts). It runs on the worker pool (workers/runInWorker.ts):
// `prepare` loads the pipeline when the thread starts, the default export transforms a share.
import type { MessagePort } from 'node:worker_threads'
import { isSheafError } from '../errors.ts'
import { createCodeHighlighter } from '../markdown/highlighter.ts'
import { createMarkdownProcessor, type MarkdownProcessor, type MarkdownResult } from '../markdown/processor.ts'
import type { ComponentRegistry } from '../markdown/componentRegistry.ts'
import { markdownStore, writeEntry, writeEntryFiles } from './markdownCacheEntry.ts'
import type { FragmentOptions } from '../markdown/fragmentImports.ts'

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
  contentClasses?: string[]
  components: ComponentRegistry
  maxPageSize?: number
  containerTypes?: string[]
  /** The run keeps a cache (a run without one keeps no config bundle either). */
  cache: boolean
  /**
   * The markdown cache's folder: the worker stores each result there itself and sends back only
   * that it did (see MarkdownShareMessage). None: it sends the results.
   */
  entryDir?: string | null
  /** With the site's unified plugins: functions cannot be sent to a thread, so this one imports the config. */
  root?: string
  configFile?: string
  /** Where MDX fragments are read from (see fragmentImports.ts). */
  fragmentImports?: FragmentOptions
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
let entryDir: string | null = null

export async function prepare(options: MarkdownWorkerOptions): Promise<void> {
  const highlighter = await createCodeHighlighter(options.codeThemes)
  entryDir = options.entryDir ?? null
  processor = createMarkdownProcessor({
    highlighter,
    components: options.components,
    sanitize: options.sanitize,
    reservedIds: options.reservedIds,
    contentClasses: options.contentClasses,
    maxPageSize: options.maxPageSize,
    containerTypes: options.containerTypes,
    fragmentImports: options.fragmentImports,
    ...(await sitePlugins(options)),
  })
}

async function sitePlugins(options: MarkdownWorkerOptions) {
  if (!options.configFile || !options.root) return {}
  const { loadConfig } = await import('../config/loadConfig.ts')
  const { markdown } = await loadConfig(options.root, options.configFile, { cache: options.cache })
  return { remarkPlugins: markdown.remarkPlugins, rehypePlugins: markdown.rehypePlugins }
}

/** Transforms the share, posting results on `port` as it goes; resolves with how many files it transformed. */
export default async function transformShare({
  jobs,
  port,
}: {
  jobs: MarkdownJob[]
  port: MessagePort
}): Promise<number> {
  // Each item settles once its entry is on disk (or it failed); a batch is posted when all have.
  let batch: Promise<MarkdownShareMessage['results'][number]>[] = []
  for (const job of jobs) {
    try {
      const result = await processor.process({
        source: job.source,
        file: job.file,
        mdx: job.file.endsWith('.mdx'),
        portable: job.portable,
      })
      batch.push(entryDir ? stored(entryDir, job.key, result) : Promise.resolve({ key: job.key, result }))
    } catch (error) {
      // Errors are re-raised on the main thread, in file order, by the normal transform.
      batch.push(Promise.resolve({ key: job.key, error: isSheafError(error) ? error.message : String(error) }))
    }
    if (batch.length >= batchSize) {
      port.postMessage({ results: await Promise.all(batch), done: false } satisfies MarkdownShareMessage)
      batch = []
    }
  }
  port.postMessage({ results: await Promise.all(batch), done: true } satisfies MarkdownShareMessage)
  port.close()
  return jobs.length
}

let store: ReturnType<typeof markdownStore> | undefined

/**
 * Writes the result's entry (see markdownCacheEntry.ts) and answers that it is stored; an entry
 * that could not be written (a full or read-only disk) goes back as the result itself: the cache
 * is only ever a speed-up.
 */
function stored(dir: string, key: string, result: MarkdownResult): Promise<MarkdownShareMessage['results'][number]> {
  if (store?.dir !== dir) store = markdownStore(dir)
  return writeEntryFiles(store, key, writeEntry(result)).then(
    () => ({ key, stored: true as const }),
    () => ({ key, result }),
  )
}
