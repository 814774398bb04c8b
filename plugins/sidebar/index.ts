import type { Plugin, QueryContext, SheafNode, SidebarItem } from 'sheaf'
import { translateLabels, type LabelTranslations } from './translateLabels.ts'
import { buildSidebars, findSidebar, flattenLinks } from './buildSidebars.ts'
import { buildOverview } from './overview.ts'
import type { MetaFile, Sidebar, SidebarPage } from './types.ts'

export interface SidebarOptions {
  /** Warn about pages that no sidebar lists (home and 404 pages excepted). Default `true`. */
  warnUnlisted?: boolean
  /** Default group name on overview pages for pages outside any sub-group. Default `Others`. */
  overviewDefaultGroup?: string
  /** Header depth listed under each page on overview pages. Default `2`. */
  overviewHeadersDepth?: number
  /** Build a sidebar from the folder tree for top-level folders without a `_meta.json`. Default `false`. */
  auto?: boolean
  /**
   * Labels by language, as Rspress's `i18n.json` holds them (`{ "guide": { "en": "Guide", "zh": "指南" } }`):
   * a `_meta.json` label that is a key shows that language's text. Default none.
   */
  labels?: LabelTranslations
}

const built = new WeakMap<object, Sidebar[]>()

/**
 * The fields of a page a sidebar, or a prev/next link, shows or is built from. Reads are
 * recorded as these fields only, so a body edit does not re-query the page's sidebar-mates.
 */
const linkFields = ['path', 'title', 'relativePath', 'version', 'lang', 'versionPrefix', 'langPrefix'] as const
/** An overview also shows each page's description and headings. */
const overviewFields = [...linkFields, 'description', 'toc'] as const

/** The GraphQL the plugin adds: a route's sidebar, its previous and next pages, an overview, every linked route. */
const sidebarTypeDefs = /* GraphQL */ `
        type SidebarLink {
          text: String!
          link: String!
        }
        type PrevNext {
          prev: SidebarLink
          next: SidebarLink
        }
        type OverviewHeader {
          text: String!
          id: String!
          depth: Int!
        }
        type OverviewItem {
          text: String!
          link: String!
          description: String!
          headers: [OverviewHeader!]!
        }
        type OverviewGroup {
          name: String!
          items: [OverviewItem!]!
        }
        extend type Query {
          "The sidebar tree for the page at a route ([] when it has none)."
          sidebar(path: String!): JSON! @ts(type: "SidebarItem[]", import: "SidebarItem", from: "sheaf/runtime")
          "Previous and next pages in sidebar order."
          prevNext(path: String!): PrevNext!
          "For overview pages: the pages below, grouped by sidebar section."
          overview(path: String!): [OverviewGroup!]!
          "Every route some sidebar links to."
          sidebarLinks: [String!]!
        }
      `

/**
 * Sidebars from `_meta.json` files beside the content and/or
 * `themeConfig.sidebar` (keyed by route prefix). Adds `sidebar(path)`,
 * `prevNext(path)` and `overview(path)` to GraphQL. Invalid `_meta.json` fails
 * the build with the file and a fix; unlisted pages are one warning.
 */
export function sidebar(options: SidebarOptions = {}): Plugin {
  const defaultGroup = options.overviewDefaultGroup ?? 'Others'
  const headersDepth = options.overviewHeadersDepth ?? 2
  const sidebarsOf = (context: QueryContext): Sidebar[] => {
    let sidebars = built.get(context.store)
    if (!sidebars) {
      const pages = context.store.getNodesByType('Page').map(toSidebarPage)
      const metas = context.store.getNodesByType('File').filter(isMeta).map(toMetaFile)
      const paged = new Set(pages.map((page) => page.relativePath))
      const withoutPage = new Set(
        context.store
          .getNodesByType('File')
          .map((node) => String(node.relativePath))
          .filter((file) => /\.mdx?$/.test(file) && !paged.has(file)),
      )
      sidebars = translateLabels(
        buildSidebars(
          pages,
          metas,
          (context.site.themeConfig as { sidebar?: Record<string, SidebarItem[]> }).sidebar,
          options.auto,
          withoutPage,
        ),
        options.labels,
      )
      built.set(context.store, sidebars)
    }
    return sidebars
  }
  return {
    name: 'sidebar',
    createSchemaCustomization({ addTypeDefs, addResolvers }) {
      addTypeDefs(sidebarTypeDefs)
      addResolvers({
        Query: {
          sidebar: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const items = findSidebar(sidebarsOf(context), args.path)?.items ?? []
            // The sidebar shows other pages' titles: record them, so an edited title re-renders this
            // page, and the _meta.json files it is built from.
            trackLinks(items, context)
            trackMetas(context)
            return items
          },
          prevNext: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const found = findSidebar(sidebarsOf(context), args.path)
            trackMetas(context)
            if (!found) return { prev: null, next: null }
            const { links, indexOf } = linkOrderOf(found.items)
            const index = indexOf.get(args.path) ?? -1
            if (index === -1) return { prev: null, next: null }
            const prev = links[index - 1] ?? null
            const next = links[index + 1] ?? null
            for (const neighbour of [prev, next]) {
              const page = neighbour ? context.pageByPath(neighbour.link) : undefined
              if (page) context.track(page.id, linkFields)
            }
            return { prev, next }
          },
          sidebarLinks: (_parent: unknown, _args: unknown, context: QueryContext) => [
            ...new Set(sidebarsOf(context).flatMap((found) => flattenLinks(found.items).map((link) => link.link))),
          ],
          overview: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const found = findSidebar(sidebarsOf(context), args.path)
            trackMetas(context)
            if (!found) return []
            return buildOverview(found.items, args.path, defaultGroup, headersDepth, (link) => {
              const page = context.pageByPath(link)
              if (page) context.track(page.id, overviewFields)
              return page ? toSidebarPage(page) : undefined
            })
          },
        },
      })
    },
    async createPages({ graphql, getNodesByType, reporter }) {
      // Building the sidebars here surfaces `_meta.json` errors before any page renders. (The pages
      // are read from the store: through GraphQL, every page's fields cost about 0.1 s at 5,000 pages.)
      const { sidebarLinks } = await graphql<{ sidebarLinks: string[] }>('{ sidebarLinks }')
      const listed = new Set(sidebarLinks)
      const unlisted = getNodesByType('Page')
        .filter((page) => page.pageType !== 'home' && page.pageType !== '404' && !listed.has(String(page.path)))
        .sort((a, b) => String(a.path).localeCompare(String(b.path)))
        .map((page) => String(page.sourcePath))
      if (unlisted.length > 0 && options.warnUnlisted !== false) {
        reporter.warn(
          `${unlisted.length} page${unlisted.length === 1 ? ' is' : 's are'} in no sidebar (add them to a _meta.json):\n  ${unlisted.join('\n  ')}`,
        )
      }
    },
  }
}

/**
 * A sidebar's links in order, and each link's first position: every page asks for its neighbours,
 * and a search of the list per page made prev/next quadratic in a sidebar's pages. Kept per
 * sidebar (its items are built once per store).
 */
const linkOrders = new WeakMap<
  SidebarItem[],
  { links: { text: string; link: string }[]; indexOf: Map<string, number> }
>()

function linkOrderOf(items: SidebarItem[]): { links: { text: string; link: string }[]; indexOf: Map<string, number> } {
  let order = linkOrders.get(items)
  if (!order) {
    const links = flattenLinks(items)
    const indexOf = new Map<string, number>()
    links.forEach((link, index) => {
      if (!indexOf.has(link.link)) indexOf.set(link.link, index)
    })
    order = { links, indexOf }
    linkOrders.set(items, order)
  }
  return order
}

function trackLinks(items: SidebarItem[], context: QueryContext): void {
  for (const link of flattenLinks(items)) {
    const page = context.pageByPath(link.link)
    if (page) context.track(page.id, linkFields)
  }
}

const metaIds = new WeakMap<object, string[]>()

/** Records the `_meta.json` files sidebars are built from: editing one re-renders the pages that show it. */
function trackMetas(context: QueryContext): void {
  let ids = metaIds.get(context.store)
  if (!ids) {
    ids = context.store
      .getNodesByType('File')
      .filter(isMeta)
      .map((node) => node.id)
    metaIds.set(context.store, ids)
  }
  for (const id of ids) context.track(id)
}

function isMeta(node: SheafNode): boolean {
  return (
    typeof node.relativePath === 'string' &&
    (node.relativePath === '_meta.json' || node.relativePath.endsWith('/_meta.json'))
  )
}

function toMetaFile(node: SheafNode): MetaFile {
  return {
    relativePath: String(node.relativePath),
    sourcePath: String(node.sourcePath),
    content: String(node.content ?? ''),
  }
}

function toSidebarPage(node: SheafNode): SidebarPage {
  return {
    path: String(node.path),
    title: String(node.title),
    description: String(node.description ?? ''),
    relativePath: String(node.relativePath),
    sourcePath: String(node.sourcePath),
    version: (node.version as string | null) ?? null,
    lang: (node.lang as string | null) ?? null,
    versionPrefix: String(node.versionPrefix ?? ''),
    langPrefix: String(node.langPrefix ?? ''),
    pageType: String(node.pageType),
    toc: (node.toc as SidebarPage['toc']) ?? [],
  }
}
