import type { Plugin, QueryContext } from 'sheaf'
import { findSidebar, flattenLinks } from './buildSidebars.ts'
import { buildOverview } from './overview.ts'
import { prevNextOf } from './prevNext.ts'
import { sidebarsOf, toSidebarPage } from './storeSidebars.ts'
import { overviewFields, trackLinks, trackMetas } from './trackReads.ts'
import type { LabelTranslations } from './translateLabels.ts'
import { unlistedPages } from './unlistedPages.ts'

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
  const sidebarFor = (context: QueryContext, path: string) => findSidebar(sidebarsOf(context, options), path)
  return {
    name: 'sidebar',
    createSchemaCustomization({ addTypeDefs, addResolvers }) {
      addTypeDefs(sidebarTypeDefs)
      addResolvers({
        Query: {
          sidebar: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const items = sidebarFor(context, args.path)?.items ?? []
            // The sidebar shows other pages' titles: record them, so an edited title re-renders this
            // page, and the _meta.json files it is built from.
            trackLinks(items, context)
            trackMetas(context)
            return items
          },
          prevNext: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const found = sidebarFor(context, args.path)
            trackMetas(context)
            return found ? prevNextOf(found.items, args.path, context) : { prev: null, next: null }
          },
          sidebarLinks: (_parent: unknown, _args: unknown, context: QueryContext) => [
            ...new Set(
              sidebarsOf(context, options).flatMap((found) => flattenLinks(found.items).map((link) => link.link)),
            ),
          ],
          overview: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const found = sidebarFor(context, args.path)
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
      const unlisted = unlistedPages(getNodesByType('Page'), sidebarLinks)
      if (unlisted.length > 0 && options.warnUnlisted !== false) {
        reporter.warn(
          `${unlisted.length} page${unlisted.length === 1 ? ' is' : 's are'} in no sidebar (add them to a ` +
            `_meta.json):\n  ${unlisted.join('\n  ')}`,
        )
      }
    },
  }
}
