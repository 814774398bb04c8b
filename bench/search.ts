import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { themeComponents } from '../site/theme/markdown/componentProps.ts'
import { createCodeHighlighter } from '../engine/markdown/highlighter.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from '../engine/markdown/processor.ts'
import { toSlug } from '../engine/sources/markdownTransformer.ts'
import { createIndexFile, createIndexShards } from '../plugins/search/buildSearchIndexes.ts'
import { groupHits } from '../plugins/search/shared/groupHits.ts'
import type { SearchablePage } from '../plugins/search/shared/pageDocuments.ts'
import { createSearcher, searchPages } from '../plugins/search/shared/searchPages.ts'
import { createShardedSearcher } from '../plugins/search/shared/shardedSearcher.ts'
import { tokenize } from '../plugins/search/shared/tokenize.ts'
import type { SearchIndexFile, ShardedIndexMeta } from '../plugins/search/shared/types.ts'
import { median } from './measure.ts'
import { queryTimesInChromium } from './searchInChromium.ts'

const root = path.resolve(import.meta.dirname, '..')
const genCorpus = path.resolve(root, '../shared/bench/gen-corpus.mjs')

interface SearchFigures {
  name: string
  pages: number
  documents: number
  buildMs: number
  rawBytes: number
  gzipBytes: number
  loadMs: number
  medianMs: number
  p95Ms: number
  queries: number
  /** The sharded index a build writes (what the browser reads). */
  shardFiles: number
  shardBuildMs: number
  /** gzip bytes the first query "render" fetches: meta file, its shards, the shown hits' fragments. */
  firstQueryBytes: number
  /** The same for each sampled query as a first query: median and largest. */
  medianFirstQueryBytes: number
  maxFirstQueryBytes: number
  /** The query that fetched the most. */
  maxFirstQuery: string
  /** A first query's time from its files' bytes to its answer (parse, ready structures, scoring). */
  firstQueryMedianMs: number
  firstQueryP95Ms: number
  shardedMedianMs: number
  shardedP95Ms: number
  /** The same p95 in CPU time of this thread. */
  shardedP95CpuMs: number
  /** Query time in Chromium's worker once the files are there (searchInChromium.ts). */
  chromiumMedianMs: number
  chromiumP95Ms: number
  chromiumMaxMs: number
}

/**
 * `sheaf bench search [--pages 5000] [--queries 200] [--no-corpus]`
 *
 * For each version of the site's content, and for a generated corpus of
 * `--pages` pages (../shared/bench/gen-corpus.mjs, cached in /tmp): the
 * index's size (raw and gzip), its build and load time, and the latency of
 * `--queries` queries (median and p95) as the browser runs them (search,
 * snippets, grouping); and for the sharded copy a build writes, the gzip bytes
 * a query fetches when it is the first of a session ("render", and the sampled
 * queries' median and largest) and its query time once the files are there.
 */
export async function runSearchBench(argv: string[]): Promise<void> {
  const flag = (name: string, fallback: string) => {
    const index = argv.indexOf(`--${name}`)
    return index === -1 ? fallback : argv[index + 1]
  }
  const corpusSizes = flag('pages', '5000,20000').split(',').map(Number)
  const queryCount = Number(flag('queries', '200'))
  const processor = await createProcessor()
  const results: SearchFigures[] = []

  for (const version of argv.includes('--parse-only')
    ? []
    : fs
        .readdirSync(path.join(root, 'content'))
        .filter((name) => /^\d+\.x$/.test(name))
        .sort()) {
    const prefix = version === '13.x' ? '' : `/${version}`
    const pages = await loadPages(processor, path.join(root, 'content', version), prefix)
    results.push(await measureIndex(`site ${version}`, pages, queryCount))
    print(results.at(-1)!)
  }

  // Each corpus size in turn (`--pages 5000,20000`): bytes per query must not grow with the site.
  for (const size of argv.includes('--no-corpus') ? [] : corpusSizes) {
    const corpus = `/tmp/corpus-${size}`
    if (!fs.existsSync(path.join(corpus, 'index.md')))
      execFileSync('node', [genCorpus, corpus, String(size)], { stdio: 'ignore' })
    // Parsing 5,000 pages takes minutes and is not what is measured: keep the result next to the corpus.
    const parsed = `${corpus}.search-pages.json`
    let pages: SearchablePage[]
    if (fs.existsSync(parsed)) pages = JSON.parse(fs.readFileSync(parsed, 'utf8')) as SearchablePage[]
    else {
      const started = performance.now()
      pages = await loadPages(processor, corpus, '')
      fs.writeFileSync(parsed, JSON.stringify(pages))
      console.log(`(corpus of ${pages.length} pages parsed in ${Math.round(performance.now() - started)} ms)`)
    }
    // `--parse-only`: prepare the corpora (the slow part) ahead of a measured run.
    if (argv.includes('--parse-only')) continue
    results.push(
      await measureIndex(
        `corpus ${size}`,
        pages,
        queryCount,
        size <= maxWholeIndexPages && !argv.includes('--sharded-only'),
      ),
    )
    print(results.at(-1)!)
  }

  console.log('\n| index | pages | sections | build ms | raw KB | gzip KB | load ms | query median ms | query p95 ms |')
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const row of results) {
    console.log(
      `| ${row.name} | ${row.pages} | ${row.documents} | ${Math.round(row.buildMs)} | ${kb(row.rawBytes)} ` +
        `| ${kb(row.gzipBytes)} | ${Math.round(row.loadMs)} | ${row.medianMs.toFixed(2)} ` +
        `| ${row.p95Ms.toFixed(2)} |`,
    )
  }
  console.log('\nSharded (what the browser fetches; bytes are gzip, per query asked first in a session):\n')
  console.log(
    '| index | files | shard build ms | "render" KB | median query KB | largest query KB | first query ' +
      'load+answer median / p95 ms | query median ms | query p95 ms | query p95 CPU ms | Chromium worker median ' +
      '/ p95 / max ms |',
  )
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const row of results) {
    console.log(
      `| ${row.name} | ${row.shardFiles} | ${Math.round(row.shardBuildMs)} | ${kb(row.firstQueryBytes)} ` +
        `| ${kb(row.medianFirstQueryBytes)} | ${kb(row.maxFirstQueryBytes)} ("${row.maxFirstQuery}") ` +
        `| ${row.firstQueryMedianMs.toFixed(1)} / ${row.firstQueryP95Ms.toFixed(1)} ` +
        `| ${row.shardedMedianMs.toFixed(2)} | ${row.shardedP95Ms.toFixed(2)} ` +
        `| ${row.shardedP95CpuMs.toFixed(2)} | ${row.chromiumMedianMs.toFixed(2)} ` +
        `/ ${row.chromiumP95Ms.toFixed(2)} / ${row.chromiumMaxMs.toFixed(1)} |`,
    )
  }
}

/**
 * Above this many pages the whole index (the develop server's) is not measured: it is not what a
 * build's browser reads, and at 20,000 pages it takes gigabytes to load in process.
 */
const maxWholeIndexPages = 5000

async function measureIndex(
  name: string,
  pages: SearchablePage[],
  queryCount: number,
  whole = true,
): Promise<SearchFigures> {
  const queries = sampleQueries(pages, queryCount)
  const sharded = await measureShards(pages, queries)
  const documents = JSON.parse(sharded.metaJson).documentCount as number
  if (!whole)
    return {
      ...sharded,
      name,
      pages: pages.length,
      documents,
      buildMs: NaN,
      rawBytes: NaN,
      gzipBytes: NaN,
      loadMs: NaN,
      medianMs: NaN,
      p95Ms: NaN,
      queries: queries.length,
    }
  let started = performance.now()
  const file = createIndexFile(pages, null, 'en')
  const json = JSON.stringify(file)
  const buildMs = performance.now() - started

  started = performance.now()
  const searcher = createSearcher(JSON.parse(json) as SearchIndexFile)
  const loadMs = performance.now() - started

  for (const query of queries.slice(0, 20)) groupHits(searchPages(searcher, query))
  const times: number[] = []
  for (const query of queries) {
    const queryStarted = performance.now()
    groupHits(searchPages(searcher, query))
    times.push(performance.now() - queryStarted)
  }
  const sorted = [...times].sort((a, b) => a - b)
  return {
    ...sharded,
    name,
    pages: file.pages.length,
    documents: file.index.documentCount,
    buildMs,
    rawBytes: Buffer.byteLength(json),
    gzipBytes: gzipSync(json).length,
    loadMs,
    medianMs: median(times),
    p95Ms: percentile(sorted, 0.95),
    queries: times.length,
  }
}

/**
 * The sharded copy: its files, the gzip bytes a query fetches when it is the first of a session
 * (meta file, the shards its terms need, the fragments of the hits shown), the time from those
 * bytes to the answer (files parsed and made ready, then scored: what the worker does once the
 * network has answered), and query time once the session has its files (in process, as the
 * worker runs it).
 */
async function measureShards(pages: SearchablePage[], queries: string[]) {
  let started = performance.now()
  const written = createIndexShards(pages, null, 'en')
  const files = new Map(written.files)
  const shardBuildMs = performance.now() - started
  const gzipSizes = new Map<string, number>()
  const gzipOf = (path: string) => {
    let size = gzipSizes.get(path)
    if (size === undefined) gzipSizes.set(path, (size = gzipSync(files.get(path) as string).length))
    return size
  }
  const metaJson = files.get(written.meta) as string
  const firstQuery = async (query: string) => {
    let bytes = gzipOf(written.meta)
    const queryStarted = performance.now()
    const meta = JSON.parse(metaJson) as ShardedIndexMeta
    await createShardedSearcher(meta, async (path) => {
      bytes += gzipOf(path)
      return JSON.parse(files.get(path) as string)
    }).search(query)
    return { bytes, ms: performance.now() - queryStarted }
  }
  const meta = JSON.parse(metaJson) as ShardedIndexMeta
  const bytes: number[] = []
  const loadTimes: number[] = []
  for (const query of queries) {
    const first = await firstQuery(query)
    bytes.push(first.bytes)
    loadTimes.push(first.ms)
  }
  // Query time with the data there: every file parsed once, then each query timed.
  // The files the queries read: Chromium's worker is given these (at 20,000 pages, all 43,000 would not cross to the
  // page).
  const read = new Map<string, string>()
  const searcher = createShardedSearcher(meta, async (path) => {
    read.set(path, files.get(path) as string)
    return JSON.parse(files.get(path) as string)
  })
  for (const query of queries) await searcher.search(query)
  const times: number[] = []
  // CPU time too: on a shared machine wall time counts the other processes' turns.
  const cpuTimes: number[] = []
  for (const query of queries) {
    started = performance.now()
    const cpu = process.cpuUsage()
    await searcher.search(query)
    const used = process.cpuUsage(cpu)
    times.push(performance.now() - started)
    cpuTimes.push((used.user + used.system) / 1000)
  }
  const chromium = await queryTimesInChromium(metaJson, read, queries)
  return {
    metaJson,
    chromiumMedianMs: chromium.medianMs,
    chromiumP95Ms: chromium.p95Ms,
    chromiumMaxMs: chromium.maxMs,
    shardedP95CpuMs: percentile(
      [...cpuTimes].sort((a, b) => a - b),
      0.95,
    ),
    shardFiles: files.size,
    shardBuildMs,
    firstQueryBytes: (await firstQuery('render')).bytes,
    medianFirstQueryBytes: median(bytes),
    maxFirstQueryBytes: Math.max(...bytes),
    maxFirstQuery: queries[bytes.indexOf(Math.max(...bytes))],
    firstQueryMedianMs: median(loadTimes),
    firstQueryP95Ms: percentile(
      [...loadTimes].sort((a, b) => a - b),
      0.95,
    ),
    shardedMedianMs: median(times),
    shardedP95Ms: percentile(
      [...times].sort((a, b) => a - b),
      0.95,
    ),
  }
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)]
}

/**
 * Deterministic queries drawn from the indexed text: whole words, prefixes
 * as typed (4 letters), two-word queries, and words with two letters swapped.
 */
function sampleQueries(pages: readonly SearchablePage[], count: number): string[] {
  const words = [
    ...new Set(
      pages
        .flatMap((page) =>
          tokenize(
            `${page.title} ${page.sections
              .map((section) => section.text)
              .join(' ')
              .slice(0, 2000)}`,
          ),
        )
        .filter((word) => word.length >= 4),
    ),
  ]
  const queries: string[] = []
  for (let i = 0; queries.length < count && words.length > 0; i++) {
    const word = words[(i * 7919) % words.length]
    const next = words[(i * 104729 + 13) % words.length]
    switch (i % 4) {
      case 0:
        queries.push(word)
        break
      case 1:
        queries.push(word.slice(0, 4))
        break
      case 2:
        queries.push(`${word} ${next}`)
        break
      default:
        queries.push(word.length > 5 ? `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}` : word)
    }
  }
  return queries
}

async function createProcessor(): Promise<MarkdownProcessor> {
  const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
  return createMarkdownProcessor({ highlighter, components: themeComponents, sanitize: true })
}

async function loadPages(processor: MarkdownProcessor, dir: string, routePrefix: string): Promise<SearchablePage[]> {
  const pages: SearchablePage[] = []
  for (const relativePath of walk(dir)) {
    const file = path.join(dir, relativePath)
    const result = await processor.process({
      source: fs.readFileSync(file, 'utf8'),
      file: relativePath,
      mdx: file.endsWith('.mdx'),
    })
    const pageType = typeof result.frontmatter.pageType === 'string' ? result.frontmatter.pageType : 'doc'
    if (pageType === 'home' || pageType === '404') continue
    pages.push({
      path: `${routePrefix}${toSlug(relativePath)}`,
      title: result.title,
      sections: result.sections,
      toc: result.toc,
    })
  }
  return pages
}

function walk(dir: string, relative = ''): string[] {
  const out: string[] = []
  for (const entry of fs
    .readdirSync(path.join(dir, relative), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue
    const child = relative ? `${relative}/${entry.name}` : entry.name
    if (entry.isDirectory()) out.push(...walk(dir, child))
    else if (/\.mdx?$/.test(entry.name)) out.push(child)
  }
  return out
}

function print(row: SearchFigures): void {
  console.log(
    `${row.name}: ${row.pages} pages, ${row.documents} sections; ` +
      `index ${kb(row.rawBytes)} KB raw, ${kb(row.gzipBytes)} KB gzip; built in ${Math.round(row.buildMs)} ms, ` +
      `loaded in ${Math.round(row.loadMs)} ms; ${row.queries} queries: median ${row.medianMs.toFixed(2)} ms, ` +
      `p95 ${row.p95Ms.toFixed(2)} ms` +
      (`\n  sharded: ${row.shardFiles} files in ${Math.round(row.shardBuildMs)} ms; ` +
        `first query "render" ${kb(row.firstQueryBytes)} KB gzip, ` +
        `a sampled first query ${kb(row.medianFirstQueryBytes)} KB median, ${kb(row.maxFirstQueryBytes)} KB at ` +
        `most ("${row.maxFirstQuery}"); first query from bytes to answer ${row.firstQueryMedianMs.toFixed(1)} ` +
        `ms median, ${row.firstQueryP95Ms.toFixed(1)} ms p95; ` +
        `query median ${row.shardedMedianMs.toFixed(2)} ms, ` +
        `p95 ${row.shardedP95Ms.toFixed(2)} ms (${row.shardedP95CpuMs.toFixed(2)} ms of CPU); ` +
        `in Chromium's worker median ${row.chromiumMedianMs.toFixed(2)} ms, ` +
        `p95 ${row.chromiumP95Ms.toFixed(2)} ms, longest ${row.chromiumMaxMs.toFixed(1)} ms`),
  )
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1)
}
