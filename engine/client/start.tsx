import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react'
import { flushSync } from 'react-dom'
import { hydrateRoot } from 'react-dom/client'
import { App } from '../shared/App.tsx'
import type { Router } from '../shared/contexts.ts'
import { findInlinePageData, parseInlinePageData } from '../shared/inlinePageData.ts'
import { createClientRawHtmlRegistry, type RawHtmlRegistry } from '../shared/RawHtml.tsx'
import { appRootId } from '../shared/reservedIds.ts'
import { resolvePath, routeKey, stripBase } from '../shared/routes.ts'
import type { LayoutProps, PageData, SiteData, TemplateProps } from '../shared/types.ts'
import { applyDevUpdate, isDevUpdate } from '../shared/devUpdate.ts'
import { askForUpdatesSince, documentGeneration } from './devUpdates.ts'
import { createPageLoader } from './pageLoader.ts'
import { createSharedDataResolver } from './sharedData.ts'
import { findHashTarget, scrollToHash } from './scrollToHash.ts'
import { findNavigableAnchor } from './links.ts'
import { staticQueriesOf } from './staticQueries.ts'
import type { StaticQueryResults } from '../shared/staticQuery.ts'
import type { SiteComponents } from '../shared/siteComponents.ts'
import { useLocaleNotFound } from './useLocaleNotFound.ts'

type TemplateLoader = () => Promise<{ default: ComponentType<TemplateProps> }>

export interface ClientOptions {
  site: SiteData
  templates: Record<string, TemplateLoader>
  Layout?: ComponentType<LayoutProps>
  /** The site's own MDX components by tag (`site:Card`): the config's `components`, when it has any. */
  siteComponents?: SiteComponents
}

interface View {
  page: PageData
  Template: ComponentType<TemplateProps>
  /** The site's static query results (loaded once: see staticQueries.ts). */
  statics?: StaticQueryResults
}

/** Hydrates the server-rendered page, then takes over navigation. */
export async function startClient({
  site: bundledSite,
  templates,
  Layout,
  siteComponents,
}: ClientOptions): Promise<void> {
  let site = bundledSite
  const dataElement = findInlinePageData(document)
  const root = document.getElementById(appRootId)
  if (!dataElement || !root) return
  const rawHtml = createClientRawHtmlRegistry()
  // A build's bundle does not know the pages; the document names the 404 routes (see htmlShell).
  const notFound = dataElement.getAttribute('data-not-found')
  if (!site.notFoundRoutes && notFound !== null) site = { ...site, notFoundRoutes: notFound.split(' ').filter(Boolean) }
  // The layout's shared parts (the sidebar) come from their own file: fetched before hydrating, so
  // the first render has the data the server rendered with (see engine/shared/sharedDataRef.ts).
  const initial = await createSharedDataResolver(site.base)(
    parseInlinePageData<PageData>(dataElement.textContent ?? '{}', root, rawHtml.ids),
  )
  const loadTemplate = async (name: string) => {
    const loader = templates[name] ?? templates['404']
    return (await loader()).default
  }
  // The results file loads beside the template's chunk: the first render needs both to match the HTML.
  const [Template, statics] = await Promise.all([loadTemplate(initial.template), staticQueriesOf(initial)])
  // In a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page: a tap during it is not blocked.
  startTransition(() => {
    hydrateRoot(
      root,
      <ClientApp
        site={site}
        initial={{ page: initial, Template, statics }}
        loadTemplate={loadTemplate}
        Layout={Layout}
        rawHtml={rawHtml}
        siteComponents={siteComponents}
      />,
    )
  })
}

function ClientApp({
  site,
  initial,
  loadTemplate,
  Layout,
  rawHtml,
  siteComponents,
}: {
  site: SiteData
  initial: View
  loadTemplate: (name: string) => Promise<ComponentType<TemplateProps>>
  Layout?: ComponentType<LayoutProps>
  rawHtml: RawHtmlRegistry
  siteComponents?: SiteComponents
}) {
  const [view, setView] = useState<View>(initial)
  const [loading, setLoading] = useState(false)
  const loader = useMemo(() => createPageLoader(site.base, site.notFoundRoutes), [site.base, site.notFoundRoutes])
  const bundle = initial.page.bundle
  const latest = useRef(0)
  // Dev server only: the generation of the server's state this page's data is from, and the last refetch asked for.
  const generation = useRef(documentGeneration(document))
  const refetched = useRef(0)

  const navigate = useCallback(
    async (href: string, options: { replace?: boolean; fromHistory?: boolean } = {}) => {
      const url = new URL(href, window.location.href)
      const route = url.origin === window.location.origin ? stripBase(url.pathname, site.base) : null
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
      const ticket = ++latest.current
      setLoading(true)
      try {
        const result = await loader.load(resolvePath(route))
        if (!result.page || result.page.bundle !== bundle) {
          // A redeploy changed the client bundle: a full load gets a consistent page.
          window.location.assign(url.href)
          return
        }
        const [Template, statics] = await Promise.all([
          loadTemplate(result.page.template),
          staticQueriesOf(result.page),
        ])
        if (ticket !== latest.current) return
        if (!options.fromHistory) {
          if (options.replace) window.history.replaceState(null, '', url.href)
          else window.history.pushState(null, '', url.href)
        }
        const next = { page: result.page, Template, statics }
        const swap = () => flushSync(() => setView(next))
        const transition = site.themeConfig.enableContentAnimation && typeof document.startViewTransition === 'function'
        if (transition) {
          const viewTransition = document.startViewTransition(swap)
          // A transition skipped by a newer navigation rejects these; the swap itself still happened.
          viewTransition.ready.catch(() => undefined)
          viewTransition.finished.catch(() => undefined)
          await viewTransition.updateCallbackDone
        } else swap()
        if (url.hash) scrollToHash(url.hash)
        else if (!options.fromHistory) window.scrollTo(0, 0)
      } catch (error) {
        console.error('[sheaf] Loading page data failed; falling back to a full page load.', error)
        window.location.assign(url.href)
      } finally {
        if (ticket === latest.current) setLoading(false)
      }
    },
    [bundle, loadTemplate, loader, site],
  )

  const prefetch = useCallback(
    (href: string) => {
      const url = new URL(href, window.location.href)
      const route = url.origin === window.location.origin ? stripBase(url.pathname, site.base) : null
      if (route === null || url.pathname === window.location.pathname) return
      loader
        .load(resolvePath(route))
        .then((result) => result.page && loadTemplate(result.page.template))
        .catch(() => undefined)
    },
    [loadTemplate, loader, site.base],
  )

  useLocaleNotFound({
    served: initial.page,
    base: site.base,
    knownNotFound: site.notFoundRoutes,
    load: loader.load,
    loadTemplate,
    navigations: latest,
    show: setView,
  })

  useEffect(() => {
    // A marker for tests and styles: the page is interactive from here on.
    document.documentElement.dataset.sheafHydrated = 'true'
    // The browser found no `#x` on load, but content's ids carry a prefix (`user-content-x`): go there now.
    const { hash } = window.location
    if (!findHashTarget(hash, { userContent: false }) && findHashTarget(hash)) scrollToHash(hash)
  }, [])

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = findNavigableAnchor(event)
      if (!anchor) return
      event.preventDefault()
      void navigate(anchor.href)
    }
    const onHover = (event: Event) => {
      const target = event.target as Element | null
      const anchor = target?.closest?.('a[href]') as HTMLAnchorElement | null
      if (anchor && anchor.origin === window.location.origin && !anchor.hasAttribute('download')) prefetch(anchor.href)
    }
    const onPopState = () => void navigate(window.location.href, { fromHistory: true })
    // The dev server says its state changed (engine/server/devGenerations.ts): refetch the current
    // page's data in place when it may have changed, keeping scroll position and component state.
    const onUpdate = (event: Event) => {
      const update = (event as CustomEvent<unknown>).detail
      const route = stripBase(window.location.pathname, site.base)
      if (!isDevUpdate(update) || generation.current === null || route === null) return
      const current = resolvePath(route)
      const { generation: next, refetch } = applyDevUpdate(update, generation.current, routeKey(current))
      if (next === generation.current) return
      generation.current = next
      loader.invalidate()
      if (!refetch) return
      // Only the newest refetch lands: an older one's answer may come later, with older data.
      const ticket = ++refetched.current
      void loader.load(current).then(async (result) => {
        if (!result.page) return
        const [Template, statics] = await Promise.all([
          loadTemplate(result.page.template),
          staticQueriesOf(result.page),
        ])
        const still = stripBase(window.location.pathname, site.base)
        // Not after a newer refetch, nor once the reader has moved on to another page.
        if (ticket === refetched.current && still !== null && resolvePath(still) === current)
          setView({ page: result.page, Template, statics })
      })
    }
    window.addEventListener('sheaf:update', onUpdate)
    document.addEventListener('click', onClick)
    document.addEventListener('mouseover', onHover, { passive: true })
    document.addEventListener('focusin', onHover)
    window.addEventListener('popstate', onPopState)
    // Listening now: ask what changed since the page was rendered (a save during its load).
    if (generation.current !== null) askForUpdatesSince(generation.current)
    return () => {
      document.removeEventListener('click', onClick)
      document.removeEventListener('mouseover', onHover)
      document.removeEventListener('focusin', onHover)
      window.removeEventListener('popstate', onPopState)
      window.removeEventListener('sheaf:update', onUpdate)
    }
  }, [navigate, prefetch, loader, loadTemplate, site.base])

  const router = useMemo<Router>(
    () => ({ navigate: (href, options) => navigate(href, options), prefetch, loading }),
    [navigate, prefetch, loading],
  )
  return (
    <App
      site={site}
      page={view.page}
      Template={view.Template}
      Layout={Layout}
      router={router}
      rawHtml={rawHtml}
      staticQueries={view.statics}
      siteComponents={siteComponents}
    />
  )
}
