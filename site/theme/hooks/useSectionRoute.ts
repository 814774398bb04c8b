import { useCallback } from 'react'
import { useLayoutData } from './useLayoutData.ts'

/**
 * Moves a site-absolute route from page content (hero actions, feature
 * links: '/docs/api') into the reader's language and version, as the nav
 * plugin does for navbar links: '/12.x/docs/api' on a 12.x page. External
 * links and routes already under the prefix stay as they are.
 *
 * @example
 *   const toSectionRoute = useSectionRoute()
 *   <Link to={toSectionRoute(action.link)} />
 */
export function useSectionRoute(): (link: string) => string {
  const { currentVersion, locales = [], page } = useLayoutData()
  // The i18n plugin's prefix is `zh` (no slash): a link already under it (`/zh/guide`) is compared with `/zh`.
  const langPrefix = (locales.find((locale) => locale.lang === page?.lang)?.prefix ?? '').replace(/^\/*(?=.)/, '/')
  const prefix = `${langPrefix}${currentVersion?.prefix ?? ''}`

  return useCallback(
    (link: string) => {
      if (!prefix || !link.startsWith('/') || link.startsWith('//')) return link
      if (link === prefix || link.startsWith(`${prefix}/`)) return link
      return `${prefix}${link}`
    },
    [prefix],
  )
}
