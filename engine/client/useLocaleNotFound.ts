import { useEffect, type ComponentType, type MutableRefObject } from 'react'
import { notFoundRoutes, resolvePath, stripBase } from '../shared/routes.ts'
import type { PageData, TemplateProps } from '../shared/types.ts'
import type { PageResult } from './pageLoader.ts'

export interface LocaleNotFoundOptions {
  /** The page the document was rendered for. */
  served: PageData
  base: string
  /** The site's 404 routes (the document names them). */
  knownNotFound: readonly string[] | undefined
  load: (route: string) => Promise<PageResult>
  loadTemplate: (name: string) => Promise<ComponentType<TemplateProps>>
  /** Counts the reader's navigations: one started meanwhile wins over this swap. */
  navigations: MutableRefObject<number>
  show: (view: { page: PageData; Template: ComponentType<TemplateProps> }) => void
}

/**
 * The 404 route to show instead of the served one, or null: hosts such as GitHub Pages serve the
 * root `404.html` for every missing path, so `/zh/no-such-page` arrives as the English 404.
 * Null when the served page is no 404 page or already the best one for the path.
 */
export function betterNotFoundRoute(
  served: string,
  route: string,
  knownNotFound: readonly string[] | undefined,
): string | null {
  if (!knownNotFound?.includes(served)) return null
  const best = notFoundRoutes(route, knownNotFound)[0]
  return best && best !== served ? best : null
}

/**
 * After hydration, swaps a served 404 for the 404 of the locale the URL names (its texts, `lang`,
 * `dir` and links), with the same data a client navigation would fetch and without a reload.
 * Hydration itself uses the served page, so the server's markup is matched as it is.
 */
export function useLocaleNotFound({
  served,
  base,
  knownNotFound,
  load,
  loadTemplate,
  navigations,
  show,
}: LocaleNotFoundOptions): void {
  useEffect(() => {
    const route = stripBase(window.location.pathname, base)
    const target = route === null ? null : betterNotFoundRoute(served.path, resolvePath(route), knownNotFound)
    if (!target) return
    const before = navigations.current
    load(target)
      .then(async (result) => {
        // Another bundle's data would need another client: the served 404 stays.
        if (!result.page || result.page.bundle !== served.bundle) return
        const Template = await loadTemplate(result.page.template)
        if (navigations.current === before) show({ page: result.page, Template })
      })
      .catch(() => undefined)
    // Once, for the document's first page: later renders (navigations) must not swap again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
