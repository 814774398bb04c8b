import { createContext } from 'react'
import type { PageData, SiteData } from './types.ts'

export interface Router {
  /** Navigates to an href (a full URL or a path under the base) without a reload when it can. */
  navigate(href: string, options?: { replace?: boolean }): Promise<void>
  /** Loads a page's data and template ahead of a click. */
  prefetch(href: string): void
  /** True while a client navigation is loading. */
  loading: boolean
}

export const SiteContext = createContext<SiteData | null>(null)
export const PageContext = createContext<PageData | null>(null)
export const RouterContext = createContext<Router>({
  navigate: async () => undefined,
  prefetch: () => undefined,
  loading: false,
})
