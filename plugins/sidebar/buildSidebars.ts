import { SheafError, toRoute } from 'sheaf'
import { parseMeta, type MetaEntry } from './parseMeta.ts'
import type { MetaFile, Sidebar, SidebarItem, SidebarPage } from './types.ts'

const markdownRE = /\.mdx?$/

/**
 * Builds every sidebar from `_meta.json` files: a folder with a `_meta.json`
 * whose parent has none is a sidebar root (e.g. `13.x/docs/`), serving the
 * routes under that folder's route. Config sidebars (`themeConfig.sidebar`,
 * keyed by route prefix) are added per version and language.
 */
/**
 * `withoutPage`: markdown files (relative paths) that made no page, being fragments or broken in a
 * build that keeps going: a `_meta.json` entry naming one is left out, not an error (a broken file
 * is reported as such).
 */
export function buildSidebars(
  pages: SidebarPage[],
  metas: MetaFile[],
  configSidebars: Record<string, SidebarItem[]> = {},
  auto = false,
  withoutPage: ReadonlySet<string> = new Set(),
): Sidebar[] {
  const metaByDir = new Map(metas.filter((meta) => !isNavbarMeta(meta)).map((meta) => [dirOf(meta.relativePath), meta]))
  const pagesByFile = new Map(pages.map((page) => [page.relativePath, page]))
  const sidebars: Sidebar[] = []
  if (auto) sidebars.push(...autoSidebars(pages, metaByDir))
  for (const [dir, meta] of metaByDir) {
    if (dir && metaByDir.has(dirOf(dir))) continue
    const anchor = findAnyPageUnder(dir, pages)
    if (!anchor) continue
    const items = buildItems(dir, meta, metaByDir, pagesByFile, pages, withoutPage)
    const routePrefix = routeOfDir(dir, anchor)
    sidebars.push({ routePrefix, version: anchor.version, lang: anchor.lang, items })
  }
  const identities = uniqueIdentities(pages)
  for (const [prefix, items] of Object.entries(configSidebars)) {
    for (const identity of identities) {
      sidebars.push({
        routePrefix: toRoute({ slug: prefix, langPrefix: identity.langPrefix, versionPrefix: identity.versionPrefix }),
        version: identity.version,
        lang: identity.lang,
        items: items.map((item) => localize(item, identity.langPrefix, identity.versionPrefix)),
      })
    }
  }
  // Longest prefix first, so /docs/api/ wins over /docs/ when both exist.
  return sidebars.sort((a, b) => b.routePrefix.length - a.routePrefix.length)
}

/**
 * Sidebars from the folder tree, for top-level folders without a `_meta.json`:
 * one sidebar per folder (scoped like Rspress, so a page lists its section,
 * not the whole site), sub-folders as groups, pages sorted naturally.
 */
function autoSidebars(pages: SidebarPage[], metaByDir: Map<string, MetaFile>): Sidebar[] {
  // Top folders are counted below the version and language folders, so each section gets its own sidebar.
  const topDirs = new Map<string, SidebarPage[]>()
  for (const page of pages) {
    const top = topFolderOf(page)
    if (!top || metaByDir.has(top)) continue
    // Appended in place: a copy per page made this quadratic in a folder's pages.
    const within = topDirs.get(top)
    if (within) within.push(page)
    else topDirs.set(top, [page])
  }
  const natural = new Intl.Collator('en', { numeric: true })
  const build = (dir: string, within: SidebarPage[]): SidebarItem[] => {
    const files = within
      .filter((page) => dirOf(page.relativePath) === dir)
      .sort((a, b) => natural.compare(a.relativePath, b.relativePath))
    const subDirs = [
      ...new Set(
        within
          .map((page) => page.relativePath.slice(dir.length + 1).split('/'))
          .filter((parts) => parts.length > 1)
          .map((parts) => parts[0]),
      ),
    ].sort(natural.compare)
    return [
      ...files.map((page) => ({ text: page.title, link: page.path })),
      ...subDirs.map((name) => ({
        text: name,
        items: build(
          `${dir}/${name}`,
          within.filter((page) => page.relativePath.startsWith(`${dir}/${name}/`)),
        ),
        collapsed: false,
        collapsible: true,
      })),
    ]
  }
  return [...topDirs].map(([top, within]) => ({
    routePrefix: routeOfDir(top, within[0]),
    version: within[0].version,
    lang: within[0].lang,
    items: build(top, within),
  }))
}

/** `1.0/en/part-1/group-1/page-1.md` (route `/part-1/group-1/page-1`) -> `1.0/en/part-1`; null for top-level pages. */
function topFolderOf(page: SidebarPage): string | null {
  const routeSegments = page.path
    .split('/')
    .filter(Boolean)
    .slice([page.langPrefix, page.versionPrefix].filter(Boolean).length)
  const fileSegments = page.relativePath.replace(markdownRE, '').split('/')
  const isIndex = fileSegments[fileSegments.length - 1] === 'index'
  if (isIndex) fileSegments.pop()
  const prefixCount = fileSegments.length - routeSegments.length
  // A top folder's own index page (`api/index.md`) is listed in its sidebar, as Rspress does.
  if (routeSegments.length < (isIndex ? 1 : 2) || prefixCount < 0) return null
  return fileSegments.slice(0, prefixCount + 1).join('/')
}

/** The sidebar a route belongs to, or undefined. */
export function findSidebar(sidebars: Sidebar[], path: string): Sidebar | undefined {
  return sidebars.find((sidebar) => path.startsWith(sidebar.routePrefix) || `${path}/` === sidebar.routePrefix)
}

/** Every link of a sidebar, in reading order (group links before their items). */
export function flattenLinks(items: SidebarItem[]): { text: string; link: string }[] {
  const links: { text: string; link: string }[] = []
  for (const item of items) {
    if (item.link) links.push({ text: item.text, link: item.link })
    if (item.items) links.push(...flattenLinks(item.items))
  }
  return links
}

function buildItems(
  dir: string,
  meta: MetaFile,
  metaByDir: Map<string, MetaFile>,
  pagesByFile: Map<string, SidebarPage>,
  pages: SidebarPage[],
  withoutPage: ReadonlySet<string>,
): SidebarItem[] {
  return parseMeta(meta)
    .filter(
      (entry) =>
        entry.type !== 'file' ||
        !['.md', '.mdx', '/index.md', '/index.mdx'].some((ext) =>
          withoutPage.has(`${join(dir, entry.name.replace(markdownRE, ''))}${ext}`),
        ),
    )
    .map((entry) => toItem(entry, dir, meta, metaByDir, pagesByFile, pages, withoutPage))
}

function toItem(
  entry: MetaEntry,
  dir: string,
  meta: MetaFile,
  metaByDir: Map<string, MetaFile>,
  pagesByFile: Map<string, SidebarPage>,
  pages: SidebarPage[],
  withoutPage: ReadonlySet<string>,
): SidebarItem {
  switch (entry.type) {
    case 'divider':
      return { text: '', dividerType: entry.dividerType ?? (entry.dashed ? 'dashed' : 'solid') }
    case 'custom-link': {
      // As in Rspress, a route is within the sidebar's version and language; a URL is kept.
      const anchor = findAnyPageUnder(dir, pages)
      const internal = entry.link.startsWith('/') && anchor
      return clean({
        text: entry.label,
        link: internal
          ? toRoute({ slug: entry.link, langPrefix: anchor.langPrefix, versionPrefix: anchor.versionPrefix })
          : entry.link,
        tag: entry.tag,
      })
    }
    case 'section-header':
      return { text: entry.label, sectionHeaderText: entry.label, tag: entry.tag }
    case 'file': {
      // Rspress also accepts the file name with its extension (`"intro.md"`).
      const page = findPage(join(dir, entry.name.replace(markdownRE, '')), pagesByFile)
      if (!page) throw missing(entry.name, 'file', dir, meta)
      return clean({ text: entry.label ?? page.title, link: page.path, tag: entry.tag })
    }
    case 'dir': {
      const childDir = join(dir, entry.name)
      const childMeta = metaByDir.get(childDir)
      const hasPages = pages.some((page) => page.relativePath.startsWith(`${childDir}/`))
      const groupPage = findPage(childDir, pagesByFile)
      if (!childMeta && !hasPages && !groupPage) throw missing(entry.name, 'dir', dir, meta)
      const items = childMeta
        ? buildItems(childDir, childMeta, metaByDir, pagesByFile, pages, withoutPage)
        : pages
            .filter((page) => dirOf(page.relativePath) === childDir)
            .sort((a, b) => a.relativePath.localeCompare(b.relativePath))
            .map((page) => ({ text: page.title, link: page.path }))
      return clean({
        text: entry.label ?? entry.name,
        link: groupPage?.path,
        items,
        collapsed: entry.collapsed ?? false,
        collapsible: entry.collapsible ?? true,
        tag: entry.tag,
        overviewHeaders: entry.overviewHeaders,
      })
    }
  }
}

function missing(name: string, type: string, dir: string, meta: MetaFile): SheafError {
  const what = type === 'dir' ? `folder \`${join(dir, name)}/\`` : `page \`${join(dir, name)}.md\``
  return new SheafError(`\`_meta.json\` lists "${name}", but there is no ${what}.`, {
    file: meta.sourcePath,
    line: meta.content.split('\n').findIndex((line) => line.includes(`"${name}"`)) + 1 || 1,
    hint: `create the ${type === 'dir' ? 'folder' : 'page'}, or fix the name (names are file names without .md).`,
  })
}

/** `a/b` -> the page of a/b.md, a/b.mdx, or a/b/index.md(x). */
function findPage(base: string, pagesByFile: Map<string, SidebarPage>): SidebarPage | undefined {
  for (const candidate of [`${base}.md`, `${base}.mdx`, `${base}/index.md`, `${base}/index.mdx`]) {
    const page = pagesByFile.get(candidate)
    if (page) return page
  }
  return undefined
}

function findAnyPageUnder(dir: string, pages: SidebarPage[]): SidebarPage | undefined {
  return pages.find((page) => (dir ? page.relativePath.startsWith(`${dir}/`) : true))
}

/** The route of a sidebar root folder: a page's route minus the part of its path below the folder. */
function routeOfDir(dir: string, page: SidebarPage): string {
  const below = page.relativePath.slice(dir ? dir.length + 1 : 0).replace(markdownRE, '')
  const belowRoute = below === 'index' ? '' : below.endsWith('/index') ? below.slice(0, -'index'.length) : below
  const prefix = page.path.slice(0, page.path.length - belowRoute.length)
  return prefix.endsWith('/') ? prefix : `${prefix}/`
}

function uniqueIdentities(pages: SidebarPage[]) {
  const seen = new Map<
    string,
    { version: string | null; lang: string | null; versionPrefix: string; langPrefix: string }
  >()
  for (const page of pages)
    seen.set(`${page.version}|${page.lang}`, {
      version: page.version,
      lang: page.lang,
      versionPrefix: page.versionPrefix,
      langPrefix: page.langPrefix,
    })
  return [...seen.values()]
}

function localize(item: SidebarItem, langPrefix: string, versionPrefix: string): SidebarItem {
  return {
    ...item,
    link: item.link?.startsWith('/') ? toRoute({ slug: item.link, langPrefix, versionPrefix }) : item.link,
    items: item.items?.map((child) => localize(child, langPrefix, versionPrefix)),
  }
}

function clean(item: SidebarItem): SidebarItem {
  return Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined)) as unknown as SidebarItem
}

/**
 * Rspress 1.x keeps the navbar in the `_meta.json` of a version's (or language's) root folder: an
 * array of `{ text, link }` / `{ text, items }`. It is not a sidebar (the navbar comes from
 * `themeConfig.nav`), so its folder's sub-folders stay sidebar roots.
 */
function isNavbarMeta(meta: MetaFile): boolean {
  let value: unknown
  try {
    value = JSON.parse(meta.content)
  } catch {
    return false
  }
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (item) => item !== null && typeof item === 'object' && 'text' in item && !('type' in item) && !('name' in item),
    )
  )
}

function dirOf(relativePath: string): string {
  const index = relativePath.lastIndexOf('/')
  return index === -1 ? '' : relativePath.slice(0, index)
}

function join(dir: string, name: string): string {
  return dir ? `${dir}/${name}` : name
}
