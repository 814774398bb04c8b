import type { AnchorHTMLAttributes } from 'react'
import { useSiteData } from './hooks.ts'
import { isExternalHref, withBase } from './routes.ts'

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** A route under the base (`/docs/api`) or an external URL. */
  to: string
}

/**
 * A link to a route: adds the base. Client navigation is handled by the
 * router's document-level click listener, so plain `<a>` in content works too.
 * External links open in a new tab with `rel="noopener noreferrer"`.
 */
export function Link({ to, children, ...rest }: LinkProps) {
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
    <a href={withBase(to, site.base)} {...rest}>
      {children}
    </a>
  )
}
