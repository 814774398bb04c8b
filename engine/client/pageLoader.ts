import { encodeRoute } from '../shared/encodeRoute.ts'
import { notFoundRoutes, routeToDataFile, withBase } from '../shared/routes.ts'
import type { PageData } from '../shared/types.ts'
import { createSharedDataResolver } from './sharedData.ts'

export type PageResult = { status: 'ok'; page: PageData } | { status: 'not-found'; page: PageData | null }

/** Fetches page data on demand, with a per-session cache; a prefetch shares the same promise. */
export function createPageLoader(base: string, knownNotFoundRoutes?: readonly string[]) {
  const cache = new Map<string, Promise<PageResult>>()
  const resolveShared = createSharedDataResolver(base)
  const read = async (response: Response): Promise<PageData> => resolveShared((await response.json()) as PageData)
  const fetchJson = async (route: string): Promise<Response> =>
    fetch(withBase(encodeRoute(routeToDataFile(route)), base), { headers: { accept: 'application/json' } })

  const load = (route: string): Promise<PageResult> => {
    const cached = cache.get(route)
    if (cached) return cached
    const promise = (async (): Promise<PageResult> => {
      const response = await fetchJson(route)
      if (response.ok) return { status: 'ok', page: await read(response) }
      if (response.status !== 404) throw new Error(`Loading page data for ${route} failed with HTTP ${response.status}`)
      for (const candidate of notFoundRoutes(route, knownNotFoundRoutes)) {
        const notFound = await fetchJson(candidate)
        if (notFound.ok) return { status: 'not-found', page: await read(notFound) }
      }
      return { status: 'not-found', page: null }
    })()
    cache.set(route, promise)
    // A failed load is not cached, so the next click tries again.
    promise.catch(() => cache.delete(route))
    return promise
  }
  /** Forgets cached data (all of it, or the given routes) so the next load refetches. */
  const invalidate = (routes?: string[]) => {
    if (!routes) cache.clear()
    else for (const route of routes) cache.delete(route)
  }
  return { load, invalidate }
}
