import { stripBase } from '../shared/routes.ts'

/** The route a URL names on this site, or null when it is on another origin or outside the base. */
export function siteRouteOf(url: URL, base: string): string | null {
  return url.origin === window.location.origin ? stripBase(url.pathname, base) : null
}
