// A page's portable markdown as the transform keeps it, and how its links are filled in. Its own
// module, with no markdown library: the llms plugin fills every page's twin on the main thread,
// which then never loads the parser or the serialiser (portableMarkdown.ts) unless a page needs
// converting from its source.
import type { PendingPortable } from './portableMarkdown.ts'

/**
 * A page's portable markdown with its site-relative links left open: `parts[i]`, then link `i`'s
 * URL, then `parts[i + 1]`... The links are resolved once every page's route is known (after the
 * transform); `fillPortableMarkdown` joins them.
 */
export interface PortableTemplate {
  parts: string[]
  links: PortableLink[]
}

export interface PortableLink {
  /** As written in the page. */
  url: string
  /** The link's text when it is one plain text and no title (it prints as `<url>` when its URL equals it). */
  text?: string
}

/**
 * A URL the serialiser writes as it is in a `(...)` destination, as it wrote the placeholder: no
 * space, control character, parenthesis, bracket, `<`, `>`, `&`, `\` or quote (those it may enclose or escape).
 */
export const plainUrl = /^[A-Za-z0-9\-._~:/?#@!$*+,;=%]+$/

/**
 * The page's portable markdown with each link's URL from `resolve` (null keeps the URL as written).
 * Null when a URL would not serialise as its placeholder did (it needs escaping, or the link would
 * print as an autolink): the caller converts the page from its source then (`portableMarkdown`).
 */
export function fillPortableMarkdown(
  template: PortableTemplate,
  resolve: (url: string) => string | null,
): string | null {
  let out = template.parts[0]
  for (let index = 0; index < template.links.length; index++) {
    const link = template.links[index]
    const url = resolve(link.url) ?? link.url
    if (!plainUrl.test(url)) return null
    if (
      link.text !== undefined &&
      (link.text === url || `mailto:${link.text}` === url) &&
      /^[a-z][+\-.a-z]+:/i.test(url)
    )
      return null
    out += url + template.parts[index + 1]
  }
  return out
}

/**
 * A template still to serialise (see PendingPortable), told apart by its shape: importing the
 * class would load the markdown pipeline on a thread that only reads parsed pages (a rebuild's main thread).
 */
export function isPendingPortable(
  portable: PortableTemplate | PendingPortable | null | undefined,
): portable is PendingPortable {
  return typeof (portable as PendingPortable | null | undefined)?.onSerialised === 'function'
}
