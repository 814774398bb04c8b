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

/** Converts every page (or takes it from the cache): route -> twin markdown. */
export function convertTwins(batch: TwinBatch, cache: TwinCache): [string, string][] {
  const routeOfSource = new Map(batch.routeOfSource)
  const routes = new Set(batch.routes)
  const absolute = (route: string) => `${batch.siteUrl}${withBase(route, batch.base)}`
  // A twin depends on its source and on every route (its links are resolved against them).
  const structure = JSON.stringify([[...routeOfSource].sort(), batch.siteUrl, batch.base])
  return batch.jobs.map((page) => {
    const relativeSource = page.sourcePath.replace(/^[^/]+\//, '')
    const resolver = createLinkResolver({
      sourcePath: relativeSource,
      versionPrefix: page.versionPrefix,
      langPrefix: '',
      routeOfSource: (source) => routeOfSource.get(source),
      hasRoute: (route) => routes.has(route),
      absolute,
    })
    const body = cache.get([page.source, page.sourcePath, page.versionPrefix, page.title, structure], () => {
      const markdown = toCleanMarkdown(page.source, page.sourcePath.endsWith('.mdx'), resolver)
      return markdown.startsWith('# ') ? markdown : `# ${page.title}\n\n${markdown}`
    })
    return [page.path, body]
  })
}
