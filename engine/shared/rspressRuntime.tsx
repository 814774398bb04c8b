/**
 * `sheaf/runtime/rspress`: what Rspress 1.x's runtime (`rspress/runtime`, `@rspress/core/runtime`)
 * gives a site's own components, made of Sheaf's runtime, so a component copied from an Rspress
 * site by `sheaf migrate rspress` runs unchanged but for its import line (which migrate rewrites).
 * Everything here renders the same on the server and in the first client render (no hydration
 * mismatch): what only the browser knows (dark mode, a browser-only part) follows after it.
 */
import { use, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { PageContext, SiteContext } from './contexts.ts'
import { usePageData as useSheafPage, useRouter, useSiteData } from './hooks.ts'
import { isExternalHref, normalizeBase, resolvePath, routeKey } from './routes.ts'
import type { SiteData } from './types.ts'

export { Helmet } from './helmet.ts'

/** Rspress's `usePageData()`: the page (from the template's query, `data.page`) and the site. */
export interface RspressPageData {
  page: {
    title: string
    description: string
    frontmatter: Record<string, unknown>
    lang: string
    version: string
    toc: { id: string; text: string; depth: number }[]
    /** The route under the base (`/guide/start`). */
    routePath: string
    /** The page's source file, from the site root, when the template's query asks for `sourcePath`. */
    pagePath: string
    pageType: string
    [key: string]: unknown
  }
  siteData: Pick<SiteData, 'base' | 'title' | 'description' | 'lang' | 'icon' | 'logo' | 'themeConfig'>
}

export function usePageData(): RspressPageData {
  const page = useSheafPage()
  const site = useSiteData()
  return useMemo(() => {
    const queried = record(page.data.page)
    return {
      page: {
        ...queried,
        title: text(queried.title),
        description: text(queried.description),
        frontmatter: record(queried.frontmatter),
        lang: text(queried.lang) || site.lang,
        version: text(queried.version),
        toc: Array.isArray(queried.toc) ? (queried.toc as RspressPageData['page']['toc']) : [],
        routePath: page.path,
        pagePath: text(queried.sourcePath),
        pageType: text(queried.pageType) || page.template,
      },
      siteData: {
        base: site.base,
        title: site.title,
        description: site.description,
        lang: site.lang,
        icon: site.icon,
        logo: site.logo,
        themeConfig: site.themeConfig,
      },
    }
  }, [page, site])
}

/** The page's language (the site's when the template's query does not ask for `lang`). */
export function useLang(): string {
  return usePageData().page.lang
}

/** The page's version (`''` on a site without versions, or when the query does not ask for it). */
export function useVersion(): string {
  return usePageData().page.version
}

/**
 * Whether the page is dark: the theme's `dark` class on `<html>` (Rspress's too), followed as it
 * changes. `false` on the server and in the hydrating render, as Rspress documents for its SSG.
 */
export function useDark(): boolean {
  return useSyncExternalStore(
    subscribeToDark,
    () => document.documentElement.classList.contains('dark'),
    () => false,
  )
}

function subscribeToDark(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  return () => observer.disconnect()
}

const noSubscription = () => () => undefined

/** Its children in the browser only, after hydration; nothing in the server's HTML. */
export function NoSSR({ children }: { children?: ReactNode }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  return hydrated ? children : null
}

let lastBase = '/'

/**
 * A route with the site's base (`/guide` -> `/docs/guide` under `/docs/`); an external URL or a
 * path that has the base already is returned as it is. Rspress's is a plain function, called in a
 * render: the base is the rendering app's (the last one seen, when called outside a render).
 */
export function withBase(url = '/', base?: string): string {
  const normalized = normalizeBase(base ?? currentBase())
  if (isExternalHref(url) || url.startsWith('#')) return url
  const path = url.startsWith('/') ? url : `/${url}`
  return path.startsWith(normalized) ? path : `${normalized}${path.slice(1)}`
}

function currentBase(): string {
  try {
    // Rspress's withBase is a plain function its users call in a render: `use` reads the context there.
    // eslint-disable-next-line react-hooks/rules-of-hooks
    const site = use(SiteContext)
    if (site) lastBase = site.base
  } catch {
    // Not in a render: the last base seen.
  }
  return lastBase
}

/** Rspress's `normalizeHrefInRuntime`: a link's href as the site serves it (with the base). */
export function normalizeHrefInRuntime(href: string): string {
  return withBase(href)
}

/** Whether two routes are one page (`/guide/` and `/guide/index.html`, a trailing `.html`). */
export function isEqualPath(a: string, b: string): boolean {
  return routeKey(resolvePath(a.replace(/\.html$/, ''))) === routeKey(resolvePath(b.replace(/\.html$/, '')))
}

/** React Router's `useLocation()` as Rspress re-exports it: the page's route (under the base). */
export function useLocation(): { pathname: string; search: string; hash: string; state: null; key: string } {
  const page = use(PageContext)
  const pathname = page?.path ?? '/'
  return useMemo(() => ({ pathname, search: '', hash: '', state: null, key: 'default' }), [pathname])
}

/** React Router's `useNavigate()`: a route (under the base) or a step back or forward in history. */
export function useNavigate(): (to: string | number, options?: { replace?: boolean }) => void {
  const router = useRouter()
  const site = useSiteData()
  return useMemo(
    () => (to: string | number, options?: { replace?: boolean }) => {
      if (typeof to === 'number') window.history.go(to)
      else void router.navigate(to.startsWith('/') ? withBase(to, site.base) : to, options)
    },
    [router, site.base],
  )
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}
