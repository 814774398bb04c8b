import { useContext } from 'react'
import { PageContext, RouterContext, SiteContext, type Router } from './contexts.ts'
import type { PageData, SiteData } from './types.ts'

/** The current page's data (query result, path, template), same on server and client. */
export function usePageData(): PageData {
  const page = useContext(PageContext)
  if (!page) throw new Error('usePageData must be used inside the Sheaf app (no PageContext).')
  return page
}

/** Site-wide data from the config: title, base, theme config. */
export function useSiteData(): SiteData {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useSiteData must be used inside the Sheaf app (no SiteContext).')
  return site
}

/** The client router: navigate, prefetch, loading. A no-op during server render. */
export function useRouter(): Router {
  return useContext(RouterContext)
}
