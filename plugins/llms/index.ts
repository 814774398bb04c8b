import { encodeRoute, routeToMarkdownFile, startWorker, withBase, type GraphqlRunner, type Plugin, type SidebarItem, type WorkerTask } from 'sheaf'
import path from 'node:path'
import { convertTwins, twinParts, type TwinBatch, type TwinJob } from './convertTwins.ts'
import { TwinCache } from './twinCache.ts'
import { TwinOutput } from './twinOutput.ts'

export interface LlmsOptions {
  /** Section name for pages that no sidebar lists. Default `Others`. */
  otherSection?: string
  /** Where converted pages are kept between builds, relative to the site root. Default `.sheaf-cache/llms`. */
  cacheDir?: string
}

interface PageRow {
  path: string
  title: string
  description: string
  version: string | null
  lang: string | null
  sourcePath: string
  pageType: string
}

interface VersionRow {
  name: string
  isDefault: boolean
  prefix: string
}

/**
 * What AI assistants read: `llms.txt` (every page of a version, grouped by
 * sidebar section, with a one-line description), `llms-full.txt` (all of it),
 * and a clean `.md` twin beside every page's HTML. One set per version: the
 * default version's at the site root, others under `/<version>/`.
 */
export function llms(options: LlmsOptions = {}): Plugin {
  const others = options.otherSection ?? 'Others'
  const cacheDirOf = (root: string) => path.resolve(root, options.cacheDir ?? '.sheaf-cache/llms')
  let cache: TwinCache | undefined
  let worker: WorkerTask<TwinBatch, [string, string][]> | null = null
  let pending: Promise<[string, string][]> | null = null
  // A build's twin cache, read in createPages, saved in onPostBuild.
  let buildCache: TwinCache | undefined
  return {
    name: 'llms',
    sourceNodes({ site }) {
      // A build converts the twins in worker threads (see convertTwinsTask.ts). Their modules (the
      // markdown parser, the engine) take half a second to load: the first starts now, hidden
      // behind the transform; more start in createPages when many pages need converting.
      if (site.mode === 'build') worker ??= startWorker(new URL('./convertTwinsTask.ts', import.meta.url))
    },
    async createPages({ graphql, site }) {
      if (!worker) return
      const first = worker
      worker = null
      const batch = await twinBatch(graphql, site.base)
      // The cache stays on this thread (one file: workers saving shares of it would overwrite each
      // other); the workers convert only the pages it lacks.
      const twinCache = (buildCache = new TwinCache(cacheDirOf(site.root)))
      const partsOf = twinParts(batch)
      const twins = new Map<string, string>()
      const missing: TwinJob[] = []
      for (const job of batch.jobs) {
        const cached = twinCache.peek(partsOf(job))
        if (cached === undefined) missing.push(job)
        else twins.set(job.path, cached)
      }
      // About 25 ms a page in one worker: a cold build of 1,000 pages spent 25 s converting on one
      // core. Another worker (0.5 s to start) for every `pagesPerWorker` pages to convert.
      const count = Math.max(1, Math.min(site.concurrency, Math.floor(missing.length / pagesPerWorker)))
      const share = Math.ceil(missing.length / count)
      const shares = missing.length === 0 ? [] : Array.from({ length: count }, (_, index) => missing.slice(index * share, (index + 1) * share))
      const workers = shares.map((_, index) => (index === 0 ? first : startWorker<TwinBatch, [string, string][]>(new URL('./convertTwinsTask.ts', import.meta.url))))
      if (workers.length === 0) first.close()
      const byPath = new Map(missing.map((job) => [job.path, job]))
      // Each stops as soon as it answers, so its heap is freed while the pages render.
      pending = Promise.all(shares.map((jobs, index) => workers[index].run({ ...batch, jobs }).finally(() => workers[index].close()))).then((converted) => {
        for (const [route, body] of converted.flat()) twins.set(route, twinCache.put(partsOf(byPath.get(route) as TwinJob), body))
        return batch.jobs.map((job) => [job.path, twins.get(job.path) ?? ''] as [string, string])
      })
      // Awaited in onPostBuild; a build that fails before then must not leave it unhandled.
      pending.catch(() => undefined)
    },
    async onPostBuild({ graphql, emitFile, site, outDir }) {
      const data = await graphql<{ site: { title: string; description: string; url: string }; allPage: PageRow[] }>('{ site { title description url } allPage { path title description version lang sourcePath pageType } }')
      const versions = await versionsOf(graphql)
      let twins: Map<string, string>
      if (pending) {
        twins = new Map(await pending)
        pending = null
        buildCache?.save()
        buildCache = undefined
      } else {
        // Develop mode: converted in process, from a cache kept in memory between rebuilds.
        cache ??= new TwinCache(cacheDirOf(site.root))
        twins = new Map(convertTwins(await twinBatch(graphql, site.base), cache))
        cache.save()
      }
      if (site.mode === 'build') {
        // Unchanged twins are linked from the previous build of the output folder (see TwinOutput).
        const output = new TwinOutput(cacheDirOf(site.root), outDir)
        await Promise.all([...twins].map(([route, body]) => output.emit(markdownTwinFile(route), body)))
        output.save()
      } else {
        for (const [route, body] of twins) await emitFile(markdownTwinFile(route), body)
      }
      const groups = versions ?? [{ name: '', isDefault: true, prefix: '' }]
      for (const version of groups) {
        const pages = data.allPage.filter((page) => (version.name ? page.version === version.name : true) && page.pageType !== '404' && page.pageType !== 'home')
        const sections = await groupBySidebar(pages, graphql, others)
        const title = version.isDefault ? data.site.title : `${data.site.title} ${version.name}`
        const index = [`# ${title}`, '', `> ${data.site.description}`, '']
        for (const [section, entries] of sections) {
          index.push(`## ${section}`, '')
          for (const page of entries) index.push(`- [${page.title}](${data.site.url}${withBase(encodeRoute(`/${markdownTwinFile(page.path)}`), site.base)})${page.description ? `: ${page.description}` : ''}`)
          index.push('')
        }
        const full = [`# ${title}`, '', `> ${data.site.description}`, '', ...[...sections.values()].flat().map((page) => `${twins.get(page.path) ?? ''}\n---\n`)]
        const prefix = version.prefix ? `${version.prefix.slice(1)}/` : ''
        await emitFile(`${prefix}llms.txt`, `${index.join('\n').trim()}\n`)
        await emitFile(`${prefix}llms-full.txt`, `${full.join('\n').trim()}\n`)
      }
    },
  }
}

/** Pages to convert worth another worker's start-up (see createPages). */
const pagesPerWorker = 64

/** The versions plugin's versions, when the site has it. */
async function versionsOf(graphql: GraphqlRunner): Promise<VersionRow[] | undefined> {
  return (await graphql<{ versions?: VersionRow[] }>('{ versions { name isDefault prefix } }').catch(() => ({ versions: undefined }))).versions
}

/** Every page to convert (all but 404 pages), with its source, and the routes links resolve against. */
async function twinBatch(graphql: GraphqlRunner, base: string): Promise<TwinBatch> {
  const data = await graphql<{ site: { url: string }; allPage: PageRow[]; allFile: { sourcePath: string; content: string | null }[] }>('{ site { url } allPage { path title description version lang sourcePath pageType } allFile { sourcePath content } }')
  const versions = await versionsOf(graphql)
  const sources = new Map(data.allFile.map((file) => [file.sourcePath, file.content ?? '']))
  return {
    jobs: data.allPage.filter((page) => page.pageType !== '404').map((page) => ({ path: page.path, title: page.title, sourcePath: page.sourcePath, source: sources.get(page.sourcePath) ?? '', versionPrefix: versionPrefixOf(page, versions) })),
    routeOfSource: data.allPage.map((page) => [page.sourcePath.replace(/^[^/]+\//, ''), page.path]),
    routes: data.allPage.map((page) => page.path),
    siteUrl: data.site.url,
    base,
  }
}

/** `/docs/api/render` -> `docs/api/render.md`; `/cookbook/` -> `cookbook/index.md`. */
export const markdownTwinFile = routeToMarkdownFile

function versionPrefixOf(page: PageRow, versions: VersionRow[] | undefined): string {
  const found = versions?.find((version) => version.name === page.version)
  return found?.prefix ? found.prefix.slice(1) : ''
}

async function groupBySidebar(pages: PageRow[], graphql: <T>(query: string, variables?: Record<string, unknown>) => Promise<T>, others: string): Promise<Map<string, PageRow[]>> {
  const byPath = new Map(pages.map((page) => [page.path, page]))
  const sections = new Map<string, PageRow[]>()
  const placed = new Set<string>()
  const seenSidebars = new Set<string>()
  for (const page of pages) {
    // A page another page's sidebar placed needs no query of its own (a sidebar lists its section's
    // pages: at 1,000 pages a query per page ran the sidebar resolver a thousand times).
    if (placed.has(page.path)) continue
    const result = await graphql<{ sidebar: SidebarItem[] }>('query ($path: String!) { sidebar(path: $path) }', { path: page.path }).catch(() => ({ sidebar: [] as SidebarItem[] }))
    const key = JSON.stringify(result.sidebar)
    if (seenSidebars.has(key)) continue
    seenSidebars.add(key)
    const rootName = titleCase(page.path.split('/').filter(Boolean).find((segment) => !/^\d/.test(segment)) ?? 'Pages')
    for (const item of result.sidebar) {
      const name = item.items ? item.text : rootName
      for (const link of linksOf(item)) {
        const found = byPath.get(link)
        if (!found || placed.has(link)) continue
        placed.add(link)
        sections.set(name, [...(sections.get(name) ?? []), found])
      }
    }
  }
  const rest = pages.filter((page) => !placed.has(page.path))
  if (rest.length) sections.set(others, rest)
  return sections
}

function linksOf(item: SidebarItem): string[] {
  return [...(item.link ? [item.link] : []), ...(item.items ?? []).flatMap(linksOf)]
}

function titleCase(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}
