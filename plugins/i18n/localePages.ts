import { encodeRoute, routeKey, withBase, type PageInput, type SheafNode } from 'sheaf'
import type { LocaleRules } from './localeRules.ts'
import { redirectPage } from './redirectScripts.ts'

/**
 * Each other language gets its own 404 page, in its own words, and one per older version it
 * has pages in (`/zh/12.x/404`), so that version's navbar stays.
 */
export function localeNotFoundPages({ locales, defaultLang }: LocaleRules, pages: readonly SheafNode[]): PageInput[] {
  const routes = new Map<string, string>()
  for (const locale of locales) if (locale.lang !== defaultLang) routes.set(`/${locale.lang}/404`, locale.lang)
  for (const page of pages) {
    const lang = String(page.lang ?? defaultLang)
    if (lang !== defaultLang && page.versionPrefix) routes.set(`/${lang}/${String(page.versionPrefix)}/404`, lang)
  }
  return [...routes].map(([route, lang]) => ({ path: route, template: '404', context: { path: route, lang } }))
}

/** `/en/x` -> `/x`: the default language never carries a prefix, so its prefixed routes redirect (file -> page). */
export function defaultLangRedirects(
  { defaultLang, langs }: LocaleRules,
  pages: readonly { path: string }[],
  base: string,
): [file: string, html: string][] {
  const redirects: [string, string][] = []
  for (const page of pages) {
    const route = routeKey(page.path)
    if (route.endsWith('/404') || (route.split('/')[1] && langs.has(route.split('/')[1]))) continue
    const from = route === '/' ? `${defaultLang}/index.html` : `${defaultLang}${route}.html`
    redirects.push([from, redirectPage(withBase(encodeRoute(page.path), base))])
  }
  return redirects
}
