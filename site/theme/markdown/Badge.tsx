export interface BadgeProps {
  text: string
  /** `tip` (default), `info`, `warning` or `danger`: the colour, as the containers use. */
  type?: string
}

const badgeTypes = new Set(['tip', 'info', 'warning', 'danger'])

/** A small inline label, e.g. after a heading: `<Badge text="13.x" type="info" />`. */
export function Badge({ text, type = 'tip' }: BadgeProps) {
  return <span className={`sheaf-badge sheaf-badge--${badgeTypes.has(type) ? type : 'tip'}`}>{text}</span>
}
