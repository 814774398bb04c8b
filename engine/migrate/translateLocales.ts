import type { LiteralValue } from './readConfigLiteral.ts'
import { findNonLiteral, type Translation } from './translation.ts'

/** UI texts a `themeConfig.locales[]` entry may set, and the Sheaf i18n text each becomes. */
const localeTexts: Record<string, string> = {
  outlineTitle: 'outlineTitle',
  prevPageText: 'prevPageText',
  nextPageText: 'nextPageText',
  lastUpdatedText: 'lastUpdatedText',
  searchPlaceholderText: 'searchPlaceholderText',
  sourceCodeText: 'sourceText',
}

/** The site's languages, their UI texts and navbars, as the i18n plugin and the theme take them. */
export interface TranslatedLocales {
  locales: { lang: string; label: string; title?: string; description?: string }[]
  defaultLang: string
  /** UI texts by language (`outlineTitle`, ...). */
  texts: Record<string, Record<string, unknown>>
  /** The navbar of each language that has its own (`themeConfig.locales[].nav`). */
  localeNavs: { lang: string; nav: unknown }[]
}

/**
 * Languages: `locales` (and `themeConfig.locales`, which Rspress also accepts alone) name them;
 * `lang` (the config's, when it is a string) is the default one.
 */
export function translateLocales(
  t: Translation,
  source: Record<string, LiteralValue>,
  themeSource: Record<string, LiteralValue>,
  lang: unknown,
): TranslatedLocales {
  const { isCode, skip, translated } = t
  const themeLocales = Array.isArray(themeSource.locales) ? (themeSource.locales as Record<string, LiteralValue>[]) : []
  const siteLocales = Array.isArray(source.locales) ? (source.locales as Record<string, LiteralValue>[]) : []
  if (source.locales !== undefined && !Array.isArray(source.locales) && !isCode('locales', source.locales))
    skip('locales', 'must be an array of `{ lang, label }`')
  const localeList = (siteLocales.length > 0 ? siteLocales : themeLocales).filter(
    (locale) => locale && typeof locale.lang === 'string',
  )
  const defaultLang =
    typeof lang === 'string' ? lang : typeof localeList[0]?.lang === 'string' ? (localeList[0].lang as string) : 'en'
  // A language's own title and description (`locales[].title`) go with it: i18n shows them on its pages.
  const ownText = (locale: Record<string, unknown>) =>
    Object.fromEntries(
      (['title', 'description'] as const)
        .filter((key) => typeof locale[key] === 'string' && locale[key] !== source[key])
        .map((key) => [key, locale[key] as string]),
    )
  const locales =
    localeList.length > 0
      ? localeList.map((locale) => ({
          lang: String(locale.lang),
          label: typeof locale.label === 'string' ? locale.label : String(locale.lang),
          ...ownText(locale),
        }))
      : [{ lang: defaultLang, label: defaultLang === 'en' ? 'English' : defaultLang }]
  if (siteLocales.length > 0) translated.push('locales')
  siteLocales.forEach((locale, index) => {
    for (const key of ['title', 'description'] as const) {
      if (locale[key] !== undefined && typeof locale[key] !== 'string')
        skip(`locales[${index}].${key}`, 'not a string: write the text itself')
    }
  })
  const texts: Record<string, Record<string, unknown>> = {}
  const localeNavs: { lang: string; nav: unknown }[] = []
  themeLocales.forEach((locale, index) => {
    const lang = String(locale.lang)
    for (const [key, value] of Object.entries(locale)) {
      if (key === 'lang' || key === 'label' || key === 'title' || key === 'description') continue
      const at = `themeConfig.locales[${index}].${key}`
      if (isCode(at, value)) continue
      if (Object.hasOwn(localeTexts, key) && typeof value === 'string') {
        texts[lang] = { ...texts[lang], [localeTexts[key]]: value }
        translated.push(at)
      } else if (
        key === 'editLink' &&
        themeSource.editLink !== undefined &&
        JSON.stringify(value) === JSON.stringify(themeSource.editLink)
      ) {
        translated.push(at)
      } else if (key === 'nav' && Array.isArray(value) && !findNonLiteral(value)) {
        localeNavs.push({ lang, nav: value })
        translated.push(at)
      } else if (key === 'nav' || key === 'sidebar') {
        skip(
          at,
          key === 'nav'
            ? 'a navbar per version (an object) is not supported: ' +
                "Sheaf's navbar links are kept within the reader's version; write `nav: [...]`"
            : "Sheaf's config sidebars serve every language (links kept within the reader's language); " +
                'the `_meta.json` files of each language still give it its own sidebar',
        )
      } else if (key === 'editLink') {
        skip(at, 'Sheaf has one edit link for every language (`themeConfig.editLink`)')
      } else if (key === 'lastUpdated') {
        skip(at, 'Sheaf shows the last-updated date for every language or none (`themeConfig.lastUpdated`)')
      } else {
        skip(at, 'not a per-language option Sheaf has')
      }
    }
  })
  if (themeLocales.length > 0 || siteLocales.length > 0) translated.push('themeConfig.locales')
  return { locales, defaultLang, texts, localeNavs }
}
