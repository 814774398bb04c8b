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
