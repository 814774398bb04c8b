// A worker thread that transforms markdown files with its own highlighter and processor.
import { parentPort, workerData } from 'node:worker_threads'
import { engineVersion } from '../buildContext.ts'
import type { ComponentRegistry } from '../markdown/remarkMdxComponents.ts'
import { createCodeHighlighter } from '../markdown/highlighter.ts'
import { createHighlightStore } from '../markdown/highlightStore.ts'
import { createMarkdownProcessor } from '../markdown/processor.ts'
import { isSheafError } from '../errors.ts'

interface Job {
  key: string
  source: string
  file: string
  portable: boolean
}

const options = workerData as { codeThemes: { light: string; dark: string }; sanitize: boolean; reservedIds?: string[]; components: ComponentRegistry; maxPageSize?: number; containerTypes?: string[]; highlightDir: string | null; root?: string; configFile?: string }
const highlighter = await createCodeHighlighter(options.codeThemes)
// Blocks highlighted here are kept for the next build's re-transformed pages (see highlightStore.ts).
const highlightStore = options.highlightDir ? createHighlightStore(options.highlightDir, engineVersion) : undefined
const processor = createMarkdownProcessor({ highlighter, highlightStore, components: options.components, sanitize: options.sanitize, reservedIds: options.reservedIds, maxPageSize: options.maxPageSize, containerTypes: options.containerTypes, ...(await sitePlugins()) })

/** The site's remark and rehype plugins: functions cannot be sent to a thread, so this one imports the config. */
async function sitePlugins() {
  if (!options.configFile || !options.root) return {}
  const { loadConfig } = await import('../config/loadConfig.ts')
  const { markdown } = await loadConfig(options.root, options.configFile)
  return { remarkPlugins: markdown.remarkPlugins, rehypePlugins: markdown.rehypePlugins }
}

/** Results go back in small batches, so neither thread holds every parsed page at once. */
const batchSize = 16

parentPort?.on('message', async (jobs: Job[]) => {
  let results = []
  for (const job of jobs) {
    try {
      results.push({ key: job.key, result: await processor.process({ source: job.source, file: job.file, mdx: job.file.endsWith('.mdx'), portable: job.portable }) })
    } catch (error) {
      // Errors are re-raised on the main thread, in file order, by the normal transform.
      results.push({ key: job.key, error: isSheafError(error) ? error.message : String(error) })
    }
    if (results.length >= batchSize) {
      parentPort?.postMessage({ results, done: false })
      results = []
    }
  }
  // The worker is stopped once it answers: its highlighted blocks must be on disk by then.
  await highlightStore?.flush()
  parentPort?.postMessage({ results, done: true })
})
parentPort?.postMessage('ready')
