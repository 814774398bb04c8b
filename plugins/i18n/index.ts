import type { Plugin, QueryContext } from 'sheaf'
import { localeLinks } from './localeLinks.ts'
import { defaultLangRedirects, localeNotFoundPages } from './localePages.ts'
import { localeRules } from './localeRules.ts'
import { firstVisitScript } from './redirectScripts.ts'
import type { UiTexts } from './texts.ts'
import { uiTextsFor } from './uiTextsFor.ts'

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

/**
 * Languages: tags every page with its language from a `<lang>/` folder level
 * (or the default language), prefixes non-default languages' routes, gives the
 * theme its translated UI texts, redirects `/<default>/x` to `/x`, and sends
 * first-time visitors to their browser's language once.
 * With versions, list `versions()` before `i18n()` (content/<version>/<lang>/).
 */
export function i18n(options: I18nOptions): Plugin {
  const rules = localeRules(options)
  const { locales, defaultLang, multiple, langs, prefixOf } = rules

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
          localeLinks: (_parent: unknown, args: { path: string }, context: QueryContext) =>
            localeLinks(rules, args.path, context),
          i18n: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const page = context.pageByPath(args.path)
            const lang = page ? String(page.lang ?? defaultLang) : rules.langOfRoute(args.path)
            return uiTextsFor(lang, context.site.themeConfig as Record<string, unknown>, options.texts)
          },
        },
      })
    },
    createPages({ createPage, getNodesByType, templates }) {
      if (!multiple || !templates.includes('404')) return
      for (const page of localeNotFoundPages(rules, getNodesByType('Page'))) createPage(page)
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
      for (const [file, html] of defaultLangRedirects(rules, pages, site.base)) await emitFile(file, html)
    },
  }
}
