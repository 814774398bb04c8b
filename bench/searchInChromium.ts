import path from 'node:path'
import { build } from 'esbuild'
import { chromium } from '@playwright/test'
import { median } from './measure.ts'

const root = path.resolve(import.meta.dirname, '..')

/** Chromium as the tests launch it (Debian's, headless, no network beyond this page). */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export interface ChromiumQueryTimes {
  medianMs: number
  p95Ms: number
  /** The longest query, which is what a reader typing feels as a long task in the worker. */
  maxMs: number
}

/**
 * Query time in Chromium's worker, as a reader's browser runs it: the sharded searcher (the
 * module the theme's search worker uses) bundled for the browser and started in a Web Worker of
 * headless Chromium, with the index's files given to it in memory (the network is not what is
 * measured). Every query runs once to load its files, then each is timed in the worker.
 */
export async function queryTimesInChromium(
  metaJson: string,
  files: Map<string, string>,
  queries: string[],
): Promise<ChromiumQueryTimes> {
  const bundled = await build({
    stdin: {
      contents:
        `import { createShardedSearcher } from './plugins/search/shared/shardedSearcher.ts'\n` +
        `self.createShardedSearcher = createShardedSearcher`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    minify: true,
  })
  const worker = `${bundled.outputFiles[0].text}
self.onmessage = async ({ data }) => {
  const files = new Map(data.files)
  const searcher = self.createShardedSearcher(JSON.parse(data.meta), async (path) => JSON.parse(files.get(path)))
  for (const query of data.queries) await searcher.search(query)
  const times = []
  for (const query of data.queries) {
    const started = performance.now()
    await searcher.search(query)
    times.push(performance.now() - started)
  }
  self.postMessage(times)
}`
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs })
  try {
    const page = await browser.newPage()
    const times = await page.evaluate(
      ({ source, meta, files, queries }) =>
        new Promise<number[]>((resolve, reject) => {
          const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })))
          worker.onmessage = ({ data }) => resolve(data as number[])
          worker.onerror = (event) => reject(new Error(event.message))
          worker.postMessage({ meta, files, queries })
        }),
      { source: worker, meta: metaJson, files: [...files], queries },
    )
    const sorted = [...times].sort((a, b) => a - b)
    return {
      medianMs: median(times),
      p95Ms: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)],
      maxMs: sorted.at(-1) ?? NaN,
    }
  } finally {
    await browser.close()
  }
}
