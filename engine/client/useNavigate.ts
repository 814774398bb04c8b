import { useCallback, type MutableRefObject } from 'react'
import { flushSync } from 'react-dom'
import { resolvePath } from '../shared/routes.ts'
import type { SiteData } from '../shared/types.ts'
import type { createPageLoader } from './pageLoader.ts'
import { scrollToHash } from './scrollToHash.ts'
import { siteRouteOf } from './siteRoute.ts'
import { loadView, type LoadTemplate, type View } from './view.ts'

export interface NavigateOptions {
  replace?: boolean
  fromHistory?: boolean
}

export interface NavigationDeps {
  site: SiteData
  loader: ReturnType<typeof createPageLoader>
  loadTemplate: LoadTemplate
  /** The client bundle this document runs: a page from another one needs a full load. */
  bundle: string | undefined
  /** Counts navigations: only the newest one swaps the view and clears `loading`. */
  navigations: MutableRefObject<number>
  setView: (view: View) => void
  setLoading: (loading: boolean) => void
}

/**
 * Client navigation: fetches the page's data and template, pushes history, swaps the view (in a
 * view transition when the theme animates content) and scrolls. Any failure falls back to a full load.
 */
export function useNavigate({ site, loader, loadTemplate, bundle, navigations, setView, setLoading }: NavigationDeps) {
  return useCallback(
    async (href: string, options: NavigateOptions = {}) => {
      const url = new URL(href, window.location.href)
      const route = siteRouteOf(url, site.base)
      if (route === null) {
        window.location.assign(url.href)
        return
      }
      const samePage = url.pathname === window.location.pathname && url.search === window.location.search
      if (samePage && !options.fromHistory) {
        if (url.hash !== window.location.hash) window.history.pushState(null, '', url.href)
        scrollToHash(url.hash)
        return
      }
      const ticket = ++navigations.current
      setLoading(true)
      try {
        const result = await loader.load(resolvePath(route))
        if (!result.page || result.page.bundle !== bundle) {
          // A redeploy changed the client bundle: a full load gets a consistent page.
          window.location.assign(url.href)
          return
        }
        const next = await loadView(result.page, loadTemplate)
        if (ticket !== navigations.current) return
        if (!options.fromHistory) {
          if (options.replace) window.history.replaceState(null, '', url.href)
          else window.history.pushState(null, '', url.href)
        }
        const transition = swapView(() => flushSync(() => setView(next)), site.themeConfig.enableContentAnimation)
        if (transition) await transition
        if (url.hash) scrollToHash(url.hash)
        else if (!options.fromHistory) window.scrollTo(0, 0)
      } catch (error) {
        console.error('[sheaf] Loading page data failed; falling back to a full page load.', error)
        window.location.assign(url.href)
      } finally {
        if (ticket === navigations.current) setLoading(false)
      }
    },
    [bundle, loadTemplate, loader, site, navigations, setView, setLoading],
  )
}

/**
 * Runs the swap, inside a view transition when the theme animates content and the browser has them;
 * then returns the promise of the transition's update (without one, the swap is done on return).
 */
function swapView(swap: () => void, animate: boolean | undefined): Promise<void> | undefined {
  if (!animate || typeof document.startViewTransition !== 'function') {
    swap()
    return undefined
  }
  const viewTransition = document.startViewTransition(swap)
  // A transition skipped by a newer navigation rejects these; the swap itself still happened.
  viewTransition.ready.catch(() => undefined)
  viewTransition.finished.catch(() => undefined)
  return viewTransition.updateCallbackDone
}
