import type { ReactNode } from 'react'

export interface CardProps {
  title: string
  /** The card's text; `children` when it has none. */
  content?: string
  /** A short mark before the title (an emoji); decorative. */
  icon?: string
  /** Accepted for Rspress pages and ignored: content never styles the page (docs/security.md). */
  style?: Record<string, unknown>
  children?: ReactNode
}

/** A framed block with a title and text, as Rspress's `<Card title="..." content="..." />`. */
export function Card({ title, content, icon, children }: CardProps) {
  const body = content ?? children
  return (
    <div className="sheaf-card">
      <p className="sheaf-card__title">
        {icon ? (
          <span className="sheaf-card__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        {title}
      </p>
      {body ? <div className="sheaf-card__content">{body}</div> : null}
    </div>
  )
}
