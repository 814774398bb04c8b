import {
  encodeRoute,
  SheafError,
  routeKey,
  toRoute,
  withBase,
  type Plugin,
  type QueryContext,
  type SheafNode,
} from 'sheaf'
import { firstVisitScript, redirectPage } from './redirectScripts.ts'
import { defaultTexts, themeConfigTextKeys, type UiTexts } from './texts.ts'

export type { UiTexts }

export interface Locale {
  lang: string
  label: string
  /** The site's title in this language (Rspress's `locales[].title`); default the site's `title`. */
  title?: string
  /** The site's description in this language; default the site's `description`. */
  description?: string
}

export interface I18nOptions {
  /** Every language; each non-default one is a folder `content/[<version>/]<lang>/`. */
  locales: Locale[]
  /** The language served without a prefix. Default: the first locale. */
  defaultLang?: string
  /** UI texts per language, e.g. `{ zh: { prevPageText: '上一页' } }`. English defaults apply. */
  texts?: Record<string, Partial<UiTexts>>
}

/** The GraphQL the plugin adds: the locales, the same page in each, the UI texts of a route's language. */
const i18nTypeDefs = /* GraphQL */ `
        type Locale {
          lang: String!
          label: String!
          isDefault: Boolean!
          "Route prefix: empty for the default language."
          prefix: String!
          "The site's title in this language, when it has its own."
          title: String
          "The site's description in this language, when it has its own."
          description: String
        }
        type LocaleLink {
          lang: String!
          label: String!
          "The same page in that language, or that language's home."
          path: String!
        }
        extend type Query {
          locales: [Locale!]!
          localeLinks(path: String!): [LocaleLink!]!
          "UI texts for the language of the page at a route."
          i18n(path: String!): JSON! @ts(type: "Partial<UiTexts>", import: "UiTexts", from: "sheaf/plugins/i18n")
        }
      `

/** The default language (the first locale's unless given), once the locales are checked. */
function checkedDefaultLang(options: I18nOptions): string {
  const locales = options.locales
  if (!Array.isArray(locales) || locales.length === 0) {
    throw new SheafError('i18n() needs at least one locale.', {
      file: 'site/config.ts',
      hint: "write `i18n({ locales: [{ lang: 'en', label: 'English' }] })`.",
    })
  }
  const defaultLang = options.defaultLang ?? locales[0].lang
  if (!locales.some((locale) => locale.lang === defaultLang)) {
    throw new SheafError(`i18n(): the default language \`${defaultLang}\` is not among the locales.`, {
      file: 'site/config.ts',
      hint: 'add it to `locales` or pick one of them as `defaultLang`.',
    })
  }
  return defaultLang
}

/**
 * Languages: tags every page with its language from a `<lang>/` folder level
 * (or the default language), prefixes non-default languages' routes, gives the
 * theme its translated UI texts, redirects `/<default>/x` to `/x`, and sends
 * first-time visitors to their browser's language once.
 * With versions, list `versions()` before `i18n()` (content/<version>/<lang>/).
 */
export function i18n(options: I18nOptions): Plugin {
  const locales = options.locales
  const defaultLang = checkedDefaultLang(options)
  const multiple = locales.length > 1
  const langs = new Set(locales.map((locale) => locale.lang))
  const prefixOf = (lang: string) => (lang === defaultLang ? '' : lang)
  const textsFor = (lang: string, themeConfig: Record<string, unknown>): UiTexts => {
    const fromConfig = Object.fromEntries(
      themeConfigTextKeys.filter((key) => typeof themeConfig[key] === 'string').map((key) => [key, themeConfig[key]]),
    )
    return { ...defaultTexts, ...fromConfig, ...(options.texts?.[lang] ?? {}) }
  }
  const langOfRoute = (route: string) => {
    const first = route.split('/')[1] ?? ''
    return multiple && langs.has(first) ? first : defaultLang
  }

  return {
    name: 'i18n',
    onCreateNode({ node, updateNode }) {
      if (node.type !== 'Page') return
      const first = String(node.slug).split('/')[1] ?? ''
      if (multiple && langs.has(first)) {
        updateNode(node, {
          lang: first,
          slug: `/${String(node.slug).split('/').slice(2).join('/')}`,
          langPrefix: prefixOf(first),
        })
      } else {
        updateNode(node, { lang: defaultLang, langPrefix: '' })
      }
    },
    createSchemaCustomization({ addTypeDefs, addResolvers }) {
      addTypeDefs(i18nTypeDefs)
      addResolvers({
        Query: {
          locales: () =>
            locales.map((locale) => ({
              ...locale,
              isDefault: locale.lang === defaultLang,
              prefix: prefixOf(locale.lang),
            })),
          localeLinks: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const page = context.pageByPath(args.path)
            const index = pagesByIdentity(context.store)
            return locales.map((locale) => {
              const match = page && index.get(`${locale.lang}|${String(page.version)}|${String(page.slug)}`)
              // Only the match's route is shown: a change to its content leaves this page alone.
              if (match) context.track(match.id, ['path'])
              const home = toRoute({
                slug: '/',
                langPrefix: prefixOf(locale.lang),
                versionPrefix: String(page?.versionPrefix ?? ''),
              })
              return { lang: locale.lang, label: locale.label, path: match ? String(match.path) : home }
            })
          },
          i18n: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const page = context.pageByPath(args.path)
            const lang = page ? String(page.lang ?? defaultLang) : langOfRoute(args.path)
            return textsFor(lang, context.site.themeConfig as Record<string, unknown>)
          },
        },
      })
    },
    createPages({ createPage, getNodesByType, templates }) {
      // Each other language gets its own 404 page, in its own words, and one per older version it
      // has pages in (`/zh/12.x/404`), so that version's navbar stays.
      if (!multiple || !templates.includes('404')) return
      const routes = new Map<string, string>()
      for (const locale of locales) if (locale.lang !== defaultLang) routes.set(`/${locale.lang}/404`, locale.lang)
      for (const page of getNodesByType('Page')) {
        const lang = String(page.lang ?? defaultLang)
        if (lang !== defaultLang && page.versionPrefix) routes.set(`/${lang}/${String(page.versionPrefix)}/404`, lang)
      }
      for (const [route, lang] of routes) createPage({ path: route, template: '404', context: { path: route, lang } })
    },
    headTags(page) {
      if (!multiple) return []
      return [
        {
          tag: 'script',
          attrs: {},
          children: firstVisitScript(
            locales.map((locale) => ({ lang: locale.lang, prefix: prefixOf(locale.lang) })),
            page.base,
          ),
        },
      ]
    },
    async onPostBuild({ pages, emitFile, site }) {
      if (!multiple) return
      // `/en/x` -> `/x`: the default language never carries a prefix.
      for (const page of pages) {
        const route = routeKey(page.path)
        if (route.endsWith('/404') || (route.split('/')[1] && langs.has(route.split('/')[1]))) continue
        const from = route === '/' ? `${defaultLang}/index.html` : `${defaultLang}${route}.html`
        await emitFile(from, redirectPage(withBase(encodeRoute(page.path), site.base)))
      }
    },
  }
}

const identityIndexes = new WeakMap<object, Map<string, SheafNode>>()

/** Pages by `lang|version|slug`, built once per node store (not a scan per page: that is quadratic). */
function pagesByIdentity(store: QueryContext['store']): Map<string, SheafNode> {
  let index = identityIndexes.get(store)
  if (!index) {
    index = new Map(
      store
        .getNodesByType('Page')
        .map((node) => [`${String(node.lang)}|${String(node.version)}|${String(node.slug)}`, node]),
    )
    identityIndexes.set(store, index)
  }
  return index
}
