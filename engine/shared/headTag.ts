/**
 * A head tag from the site's config (`head`) or a plugin's `headTags`: attribute names as in
 * HTML (`http-equiv`, `charset`), `true` for a bare attribute, `false` to leave one out.
 */
export interface HeadTag {
  tag: 'script' | 'link' | 'meta' | 'style'
  attrs: Record<string, string | boolean>
  /** An inline script's or style's text (trusted: it comes from the config or a plugin). */
  children?: string
}

/**
 * Is this tag the page's rather than the document's? A meta or link tag describes the page (a
 * plugin's `og:image` differs per page), so it ships in the page data and the client's Helmet
 * replaces it on navigation. A script or style is the document's: written once by the server,
 * it is never removed or run again by a client navigation.
 */
export function isPageHeadTag(tag: HeadTag): boolean {
  return tag.tag === 'meta' || tag.tag === 'link'
}
