import { withBase } from 'sheaf'
import { createLinkResolver, toCleanMarkdown } from './toCleanMarkdown.ts'
import type { TwinCache } from './twinCache.ts'

/** One page to convert to its clean-markdown twin: plain data, so it can cross to a worker. */
export interface TwinJob {
  path: string
  title: string
  sourcePath: string
  source: string
  versionPrefix: string
}

/** Everything the twins are converted with: the pages, and the routes their links resolve against. */
export interface TwinBatch {
  jobs: TwinJob[]
  /** [source path below the content folder, route] for every page. */
  routeOfSource: [string, string][]
  /** Every page's route. */
  routes: string[]
  siteUrl: string
  base: string
}

/** What each twin is made from, as its cache key's parts: its source and every route (its links resolve against them). */
export function twinParts(batch: TwinBatch): (job: TwinJob) => string[] {
  const structure = JSON.stringify([[...batch.routeOfSource].sort(), batch.siteUrl, batch.base])
  return (job) => [job.source, job.sourcePath, job.versionPrefix, job.title, structure]
}

/** Converts each page of `jobs` (taken from `batch` or a share of it): route -> twin markdown. */
export function convertJobs(batch: TwinBatch, jobs: readonly TwinJob[]): [string, string][] {
  const convert = twinConverter(batch)
  return jobs.map((job) => [job.path, convert(job)])
}

/** Converts every page of the batch, or takes it from the cache: route -> twin markdown. */
export function convertTwins(batch: TwinBatch, cache: TwinCache): [string, string][] {
  const convert = twinConverter(batch)
  const partsOf = twinParts(batch)
  return batch.jobs.map((job) => [job.path, cache.get(partsOf(job), () => convert(job))])
}

function twinConverter(batch: TwinBatch): (job: TwinJob) => string {
  const routeOfSource = new Map(batch.routeOfSource)
  const routes = new Set(batch.routes)
  const absolute = (route: string) => `${batch.siteUrl}${withBase(route, batch.base)}`
  return (page) => {
    const relativeSource = page.sourcePath.replace(/^[^/]+\//, '')
    const resolver = createLinkResolver({
      sourcePath: relativeSource,
      versionPrefix: page.versionPrefix,
      langPrefix: '',
      routeOfSource: (source) => routeOfSource.get(source),
      hasRoute: (route) => routes.has(route),
      absolute,
    })
    const markdown = toCleanMarkdown(page.source, page.sourcePath.endsWith('.mdx'), resolver)
    return markdown.startsWith('# ') ? markdown : `# ${page.title}\n\n${markdown}`
  }
}
