import {
  encodeRoute,
  routeToMarkdownFile,
  withBase,
  type GraphqlRunner,
  type Plugin,
  type PortableTemplate,
  type SheafNode,
  type SidebarItem,
} from 'sheaf'
import path from 'node:path'
import { convertTwins, type TwinBatch } from './convertTwins.ts'
import { inlineText } from './inlineText.ts'
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
  // Twins converted from their sources (pages with MDX components), kept between builds; in memory between a dev
  // server's rebuilds.
  let cache: TwinCache | undefined
  // The pages as createPages read them from the nodes, for onPostBuild.
  let batch: Promise<TwinBatch> | undefined
  let rows: PageRow[] = []
  return {
    name: 'llms',
    // Each page's transform also makes its portable markdown (from the parse it does anyway):
    // a twin is that with its links resolved, no second parse (see convertTwins.ts).
    portableMarkdown: true,
    createPages({ graphql, site, getNodesByType }) {
      batch = twinBatch(graphql, site.base, getNodesByType)
      rows = pageRows(getNodesByType)
      // Awaited in onPostBuild; a build that fails before then must not leave it unhandled.
      batch.catch(() => undefined)
    },
    async onPostBuild({ graphql, emitFile, site, outDir }) {
      const data = {
        ...(await graphql<{ site: { title: string; description: string; url: string } }>(
          '{ site { title description url } }',
        )),
        allPage: rows,
      }
      const versions = await versionsOf(graphql)
      if (!batch) return
      const jobs = await batch
      batch = undefined
      if (site.mode === 'build' || !cache) cache = new TwinCache(cacheDirOf(site.root))
      const twins = new Map(await convertTwins(jobs, cache))
      cache.save()
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
        const pages = data.allPage.filter(
          (page) =>
            (version.name ? page.version === version.name : true) &&
            page.pageType !== '404' &&
            page.pageType !== 'home',
        )
        const sections = await groupBySidebar(pages, graphql, others)
        const title = version.isDefault ? data.site.title : `${data.site.title} ${version.name}`
        // Titles, descriptions and section labels come from content: one line each, brackets escaped (see
        // inlineText.ts).
        const index = [`# ${inlineText(title)}`, '', `> ${inlineText(data.site.description)}`, '']
        for (const [section, entries] of sections) {
          index.push(`## ${inlineText(section)}`, '')
          for (const page of entries) {
            const twin = `${data.site.url}${withBase(encodeRoute(`/${markdownTwinFile(page.path)}`), site.base)}`
            const description = page.description.trim() ? `: ${inlineText(page.description)}` : ''
            index.push(`- [${inlineText(page.title)}](${twin})${description}`)
          }
          index.push('')
        }
        const full = [
          `# ${inlineText(title)}`,
          '',
          `> ${inlineText(data.site.description)}`,
          '',
          ...[...sections.values()].flat().map((page) => `${twins.get(page.path) ?? ''}\n---\n`),
        ]
        const prefix = version.prefix ? `${version.prefix.slice(1)}/` : ''
        await emitFile(`${prefix}llms.txt`, `${index.join('\n').trim()}\n`)
        await emitFile(`${prefix}llms-full.txt`, `${full.join('\n').trim()}\n`)
      }
    },
  }
}

/**
 * Every page's row of llms.txt, read from the nodes in `allPage`'s order (by path): through
 * GraphQL, these seven fields of every page took 60-70 ms of a 1,000-page rebuild's post-build.
 */
function pageRows(getNodesByType: (type: string) => readonly SheafNode[]): PageRow[] {
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  return getNodesByType('Page')
    .map((page) => ({
      path: String(page.path),
      title: String(page.title),
      description: String(page.description ?? ''),
      version: text(page.version),
      lang: text(page.lang),
      sourcePath: String(page.sourcePath),
      pageType: String(page.pageType),
    }))
    .sort((a, b) => a.path.localeCompare(b.path))
}

/** The versions plugin's versions, when the site has it. */
async function versionsOf(graphql: GraphqlRunner): Promise<VersionRow[] | undefined> {
  return (
    await graphql<{ versions?: VersionRow[] }>('{ versions { name isDefault prefix } }').catch(() => ({
      versions: undefined,
    }))
  ).versions
}

/**
 * Every page to make a twin of (all but 404 pages), with its portable markdown (read in
 * onPostBuild, after the render: reading it may serialise it), and the routes links resolve against. Read from the
 * nodes (a query of every page's fields cost a tenth of a second at 1,000 pages); a page's source is read only when it
 * has no template.
 */
async function twinBatch(
  graphql: GraphqlRunner,
  base: string,
  getNodesByType: (type: string) => readonly SheafNode[],
): Promise<TwinBatch> {
  const data = await graphql<{ site: { url: string } }>('{ site { url } }')
  const versions = await versionsOf(graphql)
  const pages = getNodesByType('Page')
  let sources: Map<string, string> | undefined
  const sourceOf = (sourcePath: string) => {
    sources ??= new Map(
      getNodesByType('File').map((file) => [
        String(file.sourcePath),
        typeof file.content === 'string' ? file.content : '',
      ]),
    )
    return sources.get(sourcePath) ?? ''
  }
  return {
    jobs: pages
      .filter((page) => page.pageType !== '404')
      .map((page) => {
        const sourcePath = String(page.sourcePath)
        return {
          path: String(page.path),
          title: String(page.title),
          sourcePath,
          source: () => sourceOf(sourcePath),
          versionPrefix: versionPrefixOf(page.version as string | null, versions),
          template: () => page.portableMarkdown as PortableTemplate | null | undefined,
        }
      }),
    routeOfSource: pages.map((page) => [String(page.sourcePath).replace(/^[^/]+\//, ''), String(page.path)]),
    routes: pages.map((page) => String(page.path)),
    siteUrl: data.site.url,
    base,
  }
}

/** `/docs/api/render` -> `docs/api/render.md`; `/cookbook/` -> `cookbook/index.md`. */
export const markdownTwinFile = routeToMarkdownFile

function versionPrefixOf(name: string | null, versions: VersionRow[] | undefined): string {
  const found = versions?.find((version) => version.name === name)
  return found?.prefix ? found.prefix.slice(1) : ''
}

async function groupBySidebar(
  pages: PageRow[],
  graphql: <T>(query: string, variables?: Record<string, unknown>) => Promise<T>,
  others: string,
): Promise<Map<string, PageRow[]>> {
  const byPath = new Map(pages.map((page) => [page.path, page]))
  const sections = new Map<string, PageRow[]>()
  const placed = new Set<string>()
  const seenSidebars = new Set<string>()
  for (const page of pages) {
    // A page another page's sidebar placed needs no query of its own (a sidebar lists its section's
    // pages: at 1,000 pages a query per page ran the sidebar resolver a thousand times).
    if (placed.has(page.path)) continue
    const result = await graphql<{ sidebar: SidebarItem[] }>('query ($path: String!) { sidebar(path: $path) }', {
      path: page.path,
    }).catch(() => ({ sidebar: [] as SidebarItem[] }))
    const key = JSON.stringify(result.sidebar)
    if (seenSidebars.has(key)) continue
    seenSidebars.add(key)
    const rootName = titleCase(
      page.path
        .split('/')
        .filter(Boolean)
        .find((segment) => !/^\d/.test(segment)) ?? 'Pages',
    )
    for (const item of result.sidebar) {
      const name = item.items ? item.text : rootName
      for (const link of linksOf(item)) {
        const found = byPath.get(link)
        if (!found || placed.has(link)) continue
        placed.add(link)
        // Appended in place: a copy per page made this quadratic in a section's pages.
        const section = sections.get(name)
        if (section) section.push(found)
        else sections.set(name, [found])
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
