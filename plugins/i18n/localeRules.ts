import { SheafError } from 'sheaf'
import type { I18nOptions, Locale } from './index.ts'

/** The site's languages as the plugin's hooks use them. */
export interface LocaleRules {
  locales: Locale[]
  defaultLang: string
  /** Whether there is more than one language (else no page has a language folder or prefix). */
  multiple: boolean
  langs: Set<string>
  /** A language's route prefix: none for the default language. */
  prefixOf(lang: string): string
  /** The language of a route that is no page (a 404), from its first segment. */
  langOfRoute(route: string): string
}

/** The rules of the configured locales, once they are checked. */
export function localeRules(options: I18nOptions): LocaleRules {
  const locales = options.locales
  const defaultLang = checkedDefaultLang(options)
  const multiple = locales.length > 1
  const langs = new Set(locales.map((locale) => locale.lang))
  return {
    locales,
    defaultLang,
    multiple,
    langs,
    prefixOf: (lang) => (lang === defaultLang ? '' : lang),
    langOfRoute: (route) => {
      const first = route.split('/')[1] ?? ''
      return multiple && langs.has(first) ? first : defaultLang
    },
  }
}

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
