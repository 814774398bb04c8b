import { useCallback } from 'react'
import { resolvePath } from '../shared/routes.ts'
import type { createPageLoader } from './pageLoader.ts'
import { siteRouteOf } from './siteRoute.ts'
import type { LoadTemplate } from './view.ts'

/** Warms a link's page data and template chunk (on hover or focus), so a click shows it sooner. */
export function usePrefetch(base: string, loader: ReturnType<typeof createPageLoader>, loadTemplate: LoadTemplate) {
  return useCallback(
    (href: string) => {
      const url = new URL(href, window.location.href)
      const route = siteRouteOf(url, base)
      if (route === null || url.pathname === window.location.pathname) return
      loader
        .load(resolvePath(route))
        .then((result) => result.page && loadTemplate(result.page.template))
        .catch(() => undefined)
    },
    [loadTemplate, loader, base],
  )
}
