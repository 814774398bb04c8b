/**
 * A component's `href` is written by content, which is untrusted (docs/security.md): only web
 * addresses, mail links, routes and relative paths become links; `javascript:` and other schemes
 * give `undefined`, and the component renders its text without a link.
 */
export function safeHref(href: string | undefined): string | undefined {
  if (typeof href !== 'string') return undefined
  const trimmed = href.trim()
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed
  // No scheme at all (`/guide/x`, `./x`, `#id`, `x.html`): a colon before the first slash would be one.
  return /^[^/?#]*:/.test(trimmed) ? undefined : trimmed
}

/** An address on another site (or a mail link): opened as such, never as a client navigation. */
export function isExternal(href: string): boolean {
  return /^(https?:|mailto:)/i.test(href) || href.startsWith('//')
}
