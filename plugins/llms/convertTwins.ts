import { fillPortableMarkdown, withBase, type PortableTemplate } from 'sheaf'
import { createLinkResolver } from './linkResolver.ts'
import type { TwinCache } from './twinCache.ts'

/** One page to make the clean-markdown twin of. */
export interface TwinJob {
  path: string
  title: string
  sourcePath: string
  /** The page's source: read only when it has no template (see `template`). */
  source: string | (() => string)
  versionPrefix: string
  /**
   * The page's portable markdown from its transform (the page node's `portableMarkdown`): the twin
   * is that with its links resolved, without parsing the page again. Null or absent (a page with
   * MDX components, an entry made without it): converted from the source, and cached. A function
   * is called when the twin is made (reading the node's field may serialise it: see PendingPortable).
   */
  template?: PortableTemplate | null | (() => PortableTemplate | null | undefined)
}

/** Everything the twins are made with: the pages, and the routes their links resolve against. */
export interface TwinBatch {
  jobs: TwinJob[]
  /** [source path below the content folder, route] for every page. */
  routeOfSource: [string, string][]
  /** Every page's route. */
  routes: string[]
  siteUrl: string
  base: string
}

/**
 * What a twin converted from its source is made from, as its cache key's parts: its source and every route (its links
 * resolve against them).
 */
export function twinParts(batch: TwinBatch): (job: TwinJob) => string[] {
  const structure = JSON.stringify([[...batch.routeOfSource].sort(), batch.siteUrl, batch.base])
  return (job) => [sourceOf(job), job.sourcePath, job.versionPrefix, job.title, structure]
}

/** Every page's twin (route -> twin markdown): from its template, or converted from its source (kept in `cache`). */
export async function convertTwins(batch: TwinBatch, cache: TwinCache): Promise<[string, string][]> {
  const resolverOf = linkResolvers(batch)
  const partsOf = twinParts(batch)
  const resolvers = batch.jobs.map(resolverOf)
  const filled = batch.jobs.map((job, index) => {
    const template = typeof job.template === 'function' ? job.template() : job.template
    return template ? fillPortableMarkdown(template, resolvers[index]) : null
  })
  // The converter (and with it the markdown parser, see sheaf/markdown) is loaded only when a page has no template.
  const convert = filled.includes(null) ? (await import('./toCleanMarkdown.ts')).toCleanMarkdown : undefined
  return batch.jobs.map((job, index) => {
    const markdown =
      filled[index] ??
      cache.get(partsOf(job), () => convert!(sourceOf(job), job.sourcePath.endsWith('.mdx'), resolvers[index]))
    return [job.path, withTitle(markdown, job.title)]
  })
}

/** A twin starts with its page's title as a heading. */
function withTitle(markdown: string, title: string): string {
  return markdown.startsWith('# ') ? markdown : `# ${title}\n\n${markdown}`
}

function sourceOf(job: TwinJob): string {
  return typeof job.source === 'function' ? job.source() : job.source
}

function linkResolvers(batch: TwinBatch): (job: TwinJob) => (href: string) => string | null {
  const routeOfSource = new Map(batch.routeOfSource)
  const routes = new Set(batch.routes)
  const absolute = (route: string) => `${batch.siteUrl}${withBase(route, batch.base)}`
  return (page) =>
    createLinkResolver({
      sourcePath: page.sourcePath.replace(/^[^/]+\//, ''),
      versionPrefix: page.versionPrefix,
      langPrefix: '',
      routeOfSource: (source) => routeOfSource.get(source),
      hasRoute: (route) => routes.has(route),
      absolute,
    })
}
