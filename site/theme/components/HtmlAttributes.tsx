import { useEffect } from 'react'
import { textDirection } from 'sheaf/runtime'
import type { LocaleInfo } from './layoutData.ts'

/**
 * Keeps `<html lang>` and `<html dir>` on the shown page's language. The server writes
 * them into the document; a client navigation (the language switcher, a link to
 * another language) changes the page without a new document, so this sets them.
 */
export function HtmlAttributes({ lang }: { lang: string }) {
  useEffect(() => {
    const html = document.documentElement
    if (html.lang !== lang) html.lang = lang
    const dir = textDirection(lang)
    if (html.dir !== dir) html.dir = dir
  }, [lang])
  return null
}

/**
 * The language of a route: the page's own, else the non-default locale its path
 * starts with (a language's 404 page: `/zh/404`, `/12.x/zh/x`), else the site's.
 */
export function routeLang(pageLang: string | null | undefined, path: string, locales: LocaleInfo[], siteLang: string): string {
  if (pageLang) return pageLang
  const segments = path.split('/').filter(Boolean).slice(0, 2)
  const locale = locales.find((entry) => !entry.isDefault && segments.includes(entry.lang))
  return locale?.lang ?? siteLang
}
