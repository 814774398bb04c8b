import { Helmet, textDirection } from 'sheaf/runtime'
import type { LocaleInfo } from './layoutData.ts'

/**
 * `<html lang>` and `<html dir>` for the shown page's language, through react-helmet-async:
 * the server writes them into the document, and the client's Helmet sets them after a
 * navigation (the language switcher, a link to another language) that keeps the document.
 */
export function HtmlAttributes({ lang }: { lang: string }) {
  return <Helmet htmlAttributes={{ lang, dir: textDirection(lang) }} />
}

/**
 * The language of a route: the page's own, else the non-default locale its path
 * starts with (a language's 404 page: `/zh/404`, `/12.x/zh/x`), else the site's.
 */
export function routeLang(
  pageLang: string | null | undefined,
  path: string,
  locales: LocaleInfo[],
  siteLang: string,
): string {
  if (pageLang) return pageLang
  const segments = path.split('/').filter(Boolean).slice(0, 2)
  const locale = locales.find((entry) => !entry.isDefault && segments.includes(entry.lang))
  return locale?.lang ?? siteLang
}
