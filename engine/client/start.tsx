import { startTransition, useEffect, useMemo, useRef, useState, type ComponentType } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { App } from '../shared/App.tsx'
import type { Router } from '../shared/contexts.ts'
import { findInlinePageData, parseInlinePageData } from '../shared/inlinePageData.ts'
import { createClientRawHtmlRegistry, type RawHtmlRegistry } from '../shared/RawHtml.tsx'
import { appRootId } from '../shared/reservedIds.ts'
import type { LayoutProps, PageData, SiteData, TemplateProps } from '../shared/types.ts'
import type { SiteComponents } from '../shared/siteComponents.ts'
import { createPageLoader } from './pageLoader.ts'
import { createSharedDataResolver } from './sharedData.ts'
import { findHashTarget, scrollToHash } from './scrollToHash.ts'
import { useDevRefetch } from './useDevRefetch.ts'
import { useLinkEvents } from './useLinkEvents.ts'
import { useLocaleNotFound } from './useLocaleNotFound.ts'
import { useNavigate } from './useNavigate.ts'
import { usePrefetch } from './usePrefetch.ts'
import { loadView, type LoadTemplate, type View } from './view.ts'

type TemplateLoader = () => Promise<{ default: ComponentType<TemplateProps> }>

export interface ClientOptions {
  site: SiteData
  templates: Record<string, TemplateLoader>
  Layout?: ComponentType<LayoutProps>
  /** The site's own MDX components by tag (`site:Card`): the config's `components`, when it has any. */
  siteComponents?: SiteComponents
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
  const initialView = await loadView(initial, loadTemplate)
  // In a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page: a tap during it is not blocked.
  startTransition(() => {
    hydrateRoot(
      root,
      <ClientApp
        site={site}
        initial={initialView}
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
  loadTemplate: LoadTemplate
  Layout?: ComponentType<LayoutProps>
  rawHtml: RawHtmlRegistry
  siteComponents?: SiteComponents
}) {
  const [view, setView] = useState<View>(initial)
  const [loading, setLoading] = useState(false)
  const loader = useMemo(() => createPageLoader(site.base, site.notFoundRoutes), [site.base, site.notFoundRoutes])
  const bundle = initial.page.bundle
  const navigations = useRef(0)
  const navigate = useNavigate({ site, loader, loadTemplate, bundle, navigations, setView, setLoading })
  const prefetch = usePrefetch(site.base, loader, loadTemplate)

  useLocaleNotFound({
    served: initial.page,
    base: site.base,
    knownNotFound: site.notFoundRoutes,
    load: loader.load,
    loadTemplate,
    navigations,
    show: setView,
  })

  useEffect(() => {
    // A marker for tests and styles: the page is interactive from here on.
    document.documentElement.dataset.sheafHydrated = 'true'
    // The browser found no `#x` on load, but content's ids carry a prefix (`user-content-x`): go there now.
    const { hash } = window.location
    if (!findHashTarget(hash, { userContent: false }) && findHashTarget(hash)) scrollToHash(hash)
  }, [])

  useLinkEvents(navigate, prefetch)
  useDevRefetch(site.base, loader, loadTemplate, setView)

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
