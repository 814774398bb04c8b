import { SheafError, type Plugin, type QueryContext } from 'sheaf'
import { localizedNav } from './navbar.ts'
import { firstSegment, stripFirstSegment } from './pageIndex.ts'
import { versionInfos } from './versionInfo.ts'
import { versionLinks, versionOfPath } from './versionLinks.ts'
import { assertEveryVersionHasPages, versionNotFoundPages } from './versionPages.ts'

export interface VersionsOptions {
  /** The version served at the base root, e.g. `13.x`. */
  default: string
  /** Every version, each a folder under the content folder: `content/12.x/`. */
  versions: string[]
}

/** The GraphQL the plugin adds: the versions, the reader's, the same page in each, the localized navbar. */
const versionsTypeDefs = /* GraphQL */ `
        "A documentation version."
        type Version {
          name: String!
          isDefault: Boolean!
          "Route prefix: empty for the default version, /12.x for the others."
          prefix: String!
        }
        "Where the current page lives in a version."
        type VersionLink {
          version: String!
          "The same page in that version, or that version's home when it has no such page."
          path: String!
          exists: Boolean!
        }
        extend type Query {
          versions: [Version!]!
          "The version a route belongs to (also for routes that are not pages)."
          currentVersion(path: String!): Version!
          versionLinks(path: String!): [VersionLink!]!
          "themeConfig.nav with internal links moved into the reader's version and language."
          nav(path: String!): JSON! @ts(type: "NavItem[]", import: "NavItem", from: "sheaf/runtime")
        }
      `

/** The default version must be one of `versions`. */
function assertDefaultListed(options: VersionsOptions): void {
  if (!options.versions.includes(options.default)) {
    throw new SheafError(
      `versions(): the default version \`${options.default}\` is not in \`versions\` (${options.versions.join(', ')}).`,
      {
        file: 'site/config.ts',
        hint: `add '${options.default}' to \`versions\`, or pick one of them as \`default\`.`,
      },
    )
  }
}

/**
 * Versioned docs: tags every page with the version folder it lives in
 * (`content/<version>/...`), serves the default version at the root and the
 * others under `/<version>/`, and answers the switcher's questions in GraphQL.
 * Put it before `i18n` (content is `content/<version>/<lang>/...`).
 */
export function versions(options: VersionsOptions): Plugin {
  const names = options.versions
  assertDefaultListed(options)
  const infos = versionInfos(options)

  return {
    name: 'versions',
    onCreateNode({ node, updateNode }) {
      if (node.type !== 'Page') return
      const version = firstSegment(String(node.slug))
      if (!names.includes(version)) return
      updateNode(node, {
        version,
        slug: stripFirstSegment(String(node.slug)),
        versionPrefix: version === options.default ? '' : version,
      })
    },
    createSchemaCustomization({ addTypeDefs, addResolvers }) {
      addTypeDefs(versionsTypeDefs)
      addResolvers({
        Query: {
          versions: () => infos,
          currentVersion: (_parent: unknown, args: { path: string }, context: QueryContext) =>
            versionOfPath(infos, context.pageByPath(args.path), args.path),
          versionLinks: (_parent: unknown, args: { path: string }, context: QueryContext) =>
            versionLinks(infos, args.path, context),
          nav: (_parent: unknown, args: { path: string }, context: QueryContext) =>
            localizedNav(infos, args.path, context),
        },
      })
    },
    createPages({ getNodesByType, createPage, templates }) {
      if (templates.includes('404')) for (const page of versionNotFoundPages(infos)) createPage(page)
      // Read from the store, not queried: a query over every page cost 40-70 ms of a dev server's
      // cold start at 1,000 pages, before its first page.
      assertEveryVersionHasPages(names, getNodesByType('Page'))
    },
  }
}
