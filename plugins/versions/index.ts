import { SheafError, toRoute, type NavItem, type Plugin, type QueryContext } from 'sheaf'
import { firstSegment, identity, pagesByIdentity, stripFirstSegment } from './pageIndex.ts'

export interface VersionsOptions {
  /** The version served at the base root, e.g. `13.x`. */
  default: string
  /** Every version, each a folder under the content folder: `content/12.x/`. */
  versions: string[]
}

interface VersionInfo {
  name: string
  isDefault: boolean
  /** Route prefix: '' for the default version, `/12.x` for the others. */
  prefix: string
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
  const infos: VersionInfo[] = names.map((name) => ({
    name,
    isDefault: name === options.default,
    prefix: name === options.default ? '' : `/${name}`,
  }))
  // A version's prefix comes first, or second after a language's (`/zh/12.x/404`).
  const defaultVersion = infos.find((info) => info.isDefault) as VersionInfo
  /**
   * The version and language prefix of a route that is no page (a 404): a version's prefix comes
   * first (`/12.x/404`), or second after a language's (`/zh/12.x/404`).
   */
  const prefixesOfRoute = (route: string): { version: VersionInfo; langPrefix: string } => {
    const [first, second] = route.split('/').filter(Boolean)
    const prefixed = (name: string | undefined) => infos.find((info) => info.prefix && info.name === name)
    const atFirst = prefixed(first)
    if (atFirst) return { version: atFirst, langPrefix: '' }
    const atSecond = prefixed(second)
    return atSecond ? { version: atSecond, langPrefix: first } : { version: defaultVersion, langPrefix: '' }
  }
  const versionOfRoute = (route: string): VersionInfo => prefixesOfRoute(route).version
  const langPrefixOfRoute = (route: string) => prefixesOfRoute(route).langPrefix

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
          currentVersion: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const page = context.pageByPath(args.path)
            return infos.find((info) => info.name === page?.version) ?? versionOfRoute(args.path)
          },
          versionLinks: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const page = context.pageByPath(args.path)
            const current = infos.find((info) => info.name === page?.version) ?? versionOfRoute(args.path)
            const slug = page ? String(page.slug) : current.prefix ? stripFirstSegment(args.path) : args.path
            const lang = page ? (page.lang as string | null) : null
            const langPrefix = page ? String(page.langPrefix ?? '') : langPrefixOfRoute(args.path)
            const index = pagesByIdentity(context.store)
            return infos.map((info) => {
              const match = index.get(identity({ version: info.name, lang: lang ?? firstLang(index, info.name), slug }))
              // Only the match's route is shown: a change to its content leaves this page alone.
              if (match) context.track(match.id, ['path'])
              return {
                version: info.name,
                path: match
                  ? String(match.path)
                  : toRoute({ slug: '/', langPrefix, versionPrefix: info.prefix.slice(1) }),
                exists: Boolean(match),
              }
            })
          },
          nav: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const page = context.pageByPath(args.path)
            const versionPrefix = page ? String(page.versionPrefix ?? '') : versionOfRoute(args.path).prefix.slice(1)
            const langPrefix = page ? String(page.langPrefix ?? '') : langPrefixOfRoute(args.path)
            // A language may have a navbar of its own (`themeConfig.locales: [{ lang, nav }]`, as in Rspress).
            const themeConfig = context.site.themeConfig as {
              nav?: NavItem[]
              locales?: { lang?: unknown; nav?: unknown }[]
            }
            const ownNav =
              page && Array.isArray(themeConfig.locales)
                ? themeConfig.locales.find((locale) => locale?.lang === page.lang)?.nav
                : undefined
            const nav = (Array.isArray(ownNav) ? ownNav : (themeConfig.nav ?? [])) as NavItem[]
            return nav.map((item) => localizeItem(item, langPrefix, versionPrefix))
          },
        },
      })
    },
    createPages({ getNodesByType, createPage, templates }) {
      // Each older version gets its own 404 page, so its navbar and "Take me home" stay in that version.
      if (templates.includes('404')) {
        for (const info of infos)
          if (info.prefix)
            createPage({ path: `${info.prefix}/404`, template: '404', context: { path: `${info.prefix}/404` } })
      }
      // Read from the store, not queried: a query over every page cost 40-70 ms of a dev server's
      // cold start at 1,000 pages, before its first page.
      const present = new Set(getNodesByType('Page').map((page) => page.version))
      const missing = names.filter((name) => !present.has(name))
      if (missing.length > 0) {
        throw new SheafError(
          `The version${missing.length > 1 ? 's' : ''} ${missing.map((name) => `\`${name}\``).join(', ')} in the config ha${missing.length > 1 ? 've' : 's'} no pages.`,
          {
            file: 'site/config.ts',
            hint: `create content/${missing[0]}/index.md (each version is a folder under content/), or remove it from \`versions\`.`,
          },
        )
      }
    },
  }
}

/**
 * A navbar link moved into the reader's language and version. One written with the language's
 * prefix already (`/zh/guide/start` in `zh/_meta.json`, as Rspress sites write them) keeps it
 * once: the prefix is taken off before it is put back.
 */
function localizeItem(item: NavItem, langPrefix: string, versionPrefix: string): NavItem {
  const own = langPrefix ? `/${langPrefix.replace(/^\/+/, '')}` : ''
  const slug =
    item.link && own && (item.link === own || item.link.startsWith(`${own}/`))
      ? item.link.slice(own.length) || '/'
      : item.link
  const link = slug && slug.startsWith('/') ? toRoute({ slug, langPrefix, versionPrefix }) : item.link
  return { ...item, link, items: item.items?.map((child) => localizeItem(child, langPrefix, versionPrefix)) }
}

function firstLang(index: Map<string, unknown>, version: string): string {
  for (const key of index.keys()) {
    const [keyVersion, lang] = key.split('|')
    if (keyVersion === version) return lang
  }
  return ''
}
