import { routeToMarkdownFile, withBase, type Plugin, type SidebarItem } from 'sheaf'
import path from 'node:path'
import { createLinkResolver, toCleanMarkdown } from './toCleanMarkdown.ts'
import { TwinCache } from './twinCache.ts'

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
  let cache: TwinCache | undefined
  return {
    name: 'llms',
    async onPostBuild({ graphql, emitFile, site }) {
      const data = await graphql<{ site: { title: string; description: string; url: string }; allPage: PageRow[]; allFile: { sourcePath: string; content: string | null }[] }>(
        '{ site { title description url } allPage { path title description version lang sourcePath pageType } allFile { sourcePath content } }',
      )
      const versions = await graphql<{ versions?: VersionRow[] }>('{ versions { name isDefault prefix } }').catch(() => ({ versions: undefined }))
      cache ??= new TwinCache(path.resolve(site.root, options.cacheDir ?? '.sheaf-cache/llms'))
      const sources = new Map(data.allFile.map((file) => [file.sourcePath, file.content ?? '']))
      const routeOfSource = new Map(data.allPage.map((page) => [page.sourcePath.replace(/^[^/]+\//, ''), page.path]))
      const routes = new Set(data.allPage.map((page) => page.path))
      const absolute = (route: string) => `${data.site.url}${withBase(route, site.base)}`
      // A twin depends on its source and on every route (its links are resolved against them).
      const structure = JSON.stringify([[...routeOfSource].sort(), data.site.url, site.base])
      const twins = new Map<string, string>()
      for (const page of data.allPage) {
        if (page.pageType === '404') continue
        const relativeSource = page.sourcePath.replace(/^[^/]+\//, '')
        const resolver = createLinkResolver({
          sourcePath: relativeSource,
          versionPrefix: versionPrefixOf(page, versions.versions),
          langPrefix: '',
          routeOfSource: (source) => routeOfSource.get(source),
          hasRoute: (route) => routes.has(route),
          absolute,
        })
        const source = sources.get(page.sourcePath) ?? ''
        const versionPrefix = versionPrefixOf(page, versions.versions)
        const body = cache.get([source, page.sourcePath, versionPrefix, page.title, structure], () => {
          const markdown = toCleanMarkdown(source, page.sourcePath.endsWith('.mdx'), resolver)
          return markdown.startsWith('# ') ? markdown : `# ${page.title}\n\n${markdown}`
        })
        twins.set(page.path, body)
        await emitFile(markdownTwinFile(page.path), body)
      }
      const groups = versions.versions ?? [{ name: '', isDefault: true, prefix: '' }]
      for (const version of groups) {
        const pages = data.allPage.filter((page) => (version.name ? page.version === version.name : true) && page.pageType !== '404' && page.pageType !== 'home')
        const sections = await groupBySidebar(pages, graphql, others)
        const title = version.isDefault ? data.site.title : `${data.site.title} ${version.name}`
        const index = [`# ${title}`, '', `> ${data.site.description}`, '']
        for (const [section, entries] of sections) {
          index.push(`## ${section}`, '')
          for (const page of entries) index.push(`- [${page.title}](${data.site.url}${withBase(`/${markdownTwinFile(page.path)}`, site.base)})${page.description ? `: ${page.description}` : ''}`)
          index.push('')
        }
        const full = [`# ${title}`, '', `> ${data.site.description}`, '', ...[...sections.values()].flat().map((page) => `${twins.get(page.path) ?? ''}\n---\n`)]
        const prefix = version.prefix ? `${version.prefix.slice(1)}/` : ''
        await emitFile(`${prefix}llms.txt`, `${index.join('\n').trim()}\n`)
        await emitFile(`${prefix}llms-full.txt`, `${full.join('\n').trim()}\n`)
      }
      cache.save()
    },
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
