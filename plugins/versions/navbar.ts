import { toRoute, type NavItem, type QueryContext } from 'sheaf'
import { prefixesOfRoute, type VersionInfo } from './versionInfo.ts'

/** `themeConfig.nav` (or the page language's own) with internal links moved into the reader's version and language. */
export function localizedNav(infos: VersionInfo[], path: string, context: QueryContext): NavItem[] {
  const page = context.pageByPath(path)
  const versionPrefix = page ? String(page.versionPrefix ?? '') : prefixesOfRoute(infos, path).version.prefix.slice(1)
  const langPrefix = page ? String(page.langPrefix ?? '') : prefixesOfRoute(infos, path).langPrefix
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
