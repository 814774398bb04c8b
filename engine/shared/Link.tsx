import type { AnchorHTMLAttributes } from 'react'
import { useSiteData } from './hooks.ts'
import { encodeRoute, encodeRouteHref } from './encodeRoute.ts'
import { isExternalHref, withBase } from './routes.ts'

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** A route under the base (`/docs/api`, with an optional `?query` or `#hash`) or an external URL. */
  to: string
  /**
   * `to` is a whole route (a page's path, a sidebar link): a `#` or `?` in it belongs to a file
   * name, and is encoded with the rest.
   */
  exactRoute?: boolean
}

/**
 * A link to a route: adds the base. Client navigation is handled by the
 * router's document-level click listener, so plain `<a>` in content works too.
 * External links open in a new tab with `rel="noopener noreferrer"`.
 */
export function Link({ to, exactRoute, children, ...rest }: LinkProps) {
  const site = useSiteData()
  if (isExternalHref(to)) {
    if (/^javascript:/i.test(to.trim())) return <span {...(rest as object)}>{children}</span>
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    )
  }
  return (
    // A route is text (a file name may hold a space, `%` or `#`); the href is its URL.
    <a href={withBase(exactRoute ? encodeRoute(to) : encodeRouteHref(to), site.base)} {...rest}>
      {children}
    </a>
  )
}
