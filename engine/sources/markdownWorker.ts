// A worker task that transforms a share of the markdown files with its own highlighter and
// processor (see warmMarkdownCache.ts). It runs on the worker pool (workers/runInWorker.ts):
// `prepare` loads the pipeline when the thread starts, the default export transforms a share.
import type { MessagePort } from 'node:worker_threads'
import { engineVersion } from '../buildContext.ts'
import { isSheafError } from '../errors.ts'
import { createCodeHighlighter } from '../markdown/highlighter.ts'
import { createHighlightStore, type HighlightStore } from '../markdown/highlightStore.ts'
import { createMarkdownProcessor, type MarkdownProcessor, type MarkdownResult } from '../markdown/processor.ts'
import type { ComponentRegistry } from '../markdown/remarkMdxComponents.ts'

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
  /** With the site's unified plugins: functions cannot be sent to a thread, so this one imports the config. */
  root?: string
  configFile?: string
}

/** What a share sends back on its port: results in small batches, then `done`. */
export interface MarkdownShareMessage {
  results: { key: string; result?: MarkdownResult; error?: string }[]
  done: boolean
}

/** Results go back in small batches, so neither thread holds every parsed page at once. */
const batchSize = 16

let processor: MarkdownProcessor
let highlightStore: HighlightStore | undefined

export async function prepare(options: MarkdownWorkerOptions): Promise<void> {
  const highlighter = await createCodeHighlighter(options.codeThemes)
  // Blocks highlighted here are kept for the next build's re-transformed pages (see highlightStore.ts).
  highlightStore = options.highlightDir ? createHighlightStore(options.highlightDir, engineVersion) : undefined
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
  for (const job of jobs) {
    try {
      results.push({ key: job.key, result: await processor.process({ source: job.source, file: job.file, mdx: job.file.endsWith('.mdx'), portable: job.portable }) })
    } catch (error) {
      // Errors are re-raised on the main thread, in file order, by the normal transform.
      results.push({ key: job.key, error: isSheafError(error) ? error.message : String(error) })
    }
    if (results.length >= batchSize) {
      port.postMessage({ results, done: false } satisfies MarkdownShareMessage)
      results = []
    }
  }
  // The thread is stopped once it answers: its highlighted blocks must be on disk by then.
  await highlightStore?.flush()
  port.postMessage({ results, done: true } satisfies MarkdownShareMessage)
  port.close()
  return jobs.length
}
