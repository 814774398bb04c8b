import type { ResolvedConfig } from '../config/types.ts'
import { flattenPlugins } from '../plugins/flattenPlugins.ts'
import type { SiteData } from '../shared/types.ts'

/** Site-wide data the client bundle carries. */
export function toSiteData(config: ResolvedConfig): SiteData {
  return {
    title: config.title,
    description: config.description,
    url: config.url,
    base: config.base,
    lang: config.lang,
    icon: config.icon,
    logo: config.logo,
    themeConfig: config.themeConfig,
    plugins: flattenPlugins(config.plugins).map((plugin) => plugin.name),
  }
}

/** The site data with the routes of its not-found pages (the client shows one for an unknown route). */
export function withNotFoundRoutes(siteData: SiteData, routes: Iterable<string>): SiteData {
  return { ...siteData, notFoundRoutes: [...routes].filter((route) => route === '/404' || route.endsWith('/404')) }
}
