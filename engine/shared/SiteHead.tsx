import type { HeadTag } from './headTag.ts'
import { Helmet } from './helmet.ts'
import { textDirection } from './textDirection.ts'

/**
 * Marks a config or plugin head tag in the server's head state. The server writes such a tag
 * without react-helmet-async's `data-rh` marker, so the client's Helmet never removes it: it is
 * the document's for every page the client shows (see engine/render/helmetHead.ts).
 */
export const siteHeadAttribute = 'data-sheaf-site'

export interface SiteHeadProps {
  /** The page's language, for `<html lang dir>` (a theme's `htmlAttributes` overrides it). */
  lang: string
  /** The config's `head` and the plugins' `headTags`, in that order. */
  tags: readonly HeadTag[]
}

/**
 * The outermost head of a server-rendered page: the page's language, then each config and
 * plugin head tag in a `<Helmet>` of its own. react-helmet-async's rule then decides what the
 * head holds: of two tags that say the same thing (a meta's name or property, a canonical link,
 * a script's src or text) the later one wins, and any tag the theme renders, deeper, wins over all.
 */
export function SiteHead({ lang, tags }: SiteHeadProps) {
  return (
    <>
      <Helmet htmlAttributes={{ lang, dir: textDirection(lang) }} />
      {tags.map((tag, index) => (
        <Helmet key={index} {...helmetProps(tag, true)} />
      ))}
    </>
  )
}

/**
 * The page's own head tags (PageData.head: a plugin's `og:image`), after the site's and before
 * the theme's: rendered on the server and by the client after each navigation, so they change
 * with the page; a theme's tag of the same kind, deeper, still wins.
 */
export function PageHeadTags({ tags }: { tags: readonly HeadTag[] | undefined }) {
  if (!tags?.length) return null
  return (
    <>
      {tags.map((tag, index) => (
        <Helmet key={index} {...helmetProps(tag, false)} />
      ))}
    </>
  )
}

type HelmetAttributes = Record<string, string>

/**
 * A head tag as the `<Helmet>` prop of its kind (`meta={[...]}`, `script={[{ innerHTML }]}`);
 * a site tag carries the marker that keeps the client's Helmet from managing it.
 */
function helmetProps(tag: HeadTag, site: boolean): Record<string, HelmetAttributes[]> {
  const attributes: HelmetAttributes = site ? { [siteHeadAttribute]: '' } : {}
  for (const [name, value] of Object.entries(tag.attrs))
    if (value !== false) attributes[name] = value === true ? '' : value
  if (tag.tag === 'script' && tag.children) attributes.innerHTML = tag.children
  if (tag.tag === 'style' && tag.children) attributes.cssText = tag.children
  return { [tag.tag]: [attributes] }
}
