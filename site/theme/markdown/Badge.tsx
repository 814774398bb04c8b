import type { ReactNode } from 'react'

export interface BadgeProps {
  /** The label; `children` (text, an image, a span) take its place, as in Rspress. */
  text?: string
  /** `tip` (default), `info`, `warning` or `danger`: the colour, as the containers use. */
  type?: string
  /** A coloured border and text on the page's background instead of a filled label. */
  outline?: boolean
  children?: ReactNode
}

const badgeTypes = new Set(['tip', 'info', 'warning', 'danger'])

/**
 * A small inline label, e.g. after a heading: `<Badge text="13.x" type="info" />` or `<Badge type="tip"
 * outline>New</Badge>`.
 */
export function Badge({ text, type = 'tip', outline = false, children }: BadgeProps) {
  const kind = badgeTypes.has(type) ? type : 'tip'
  return (
    <span className={`sheaf-badge sheaf-badge--${kind}${outline ? ' sheaf-badge--outline' : ''}`}>
      {children ?? text}
    </span>
  )
}
