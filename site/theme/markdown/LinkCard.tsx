import { Link } from 'sheaf/runtime'
import { isExternal, safeHref } from './safeHref.ts'

export interface LinkCardProps {
  href: string
  title: string
  description?: string
  /** Accepted for Rspress pages and ignored: content never styles the page (docs/security.md). */
  style?: Record<string, unknown>
}

/**
 * A card that is one link: the title is its name, the description its text. A route (`/guide/x`)
 * gets the base and navigates in place; another site's address opens as a plain link.
 */
export function LinkCard({ href, title, description }: LinkCardProps) {
  const target = safeHref(href)
  const body = (
    <>
      <span className="sheaf-link-card__title">{title}</span>
      {description ? <span className="sheaf-link-card__description">{description}</span> : null}
    </>
  )
  if (!target) return <div className="sheaf-link-card">{body}</div>
  if (isExternal(target)) {
    return (
      <a className="sheaf-link-card" href={target} target="_blank" rel="noopener noreferrer">
        {body}
      </a>
    )
  }
  return (
    <Link to={target} className="sheaf-link-card">
      {body}
    </Link>
  )
}
