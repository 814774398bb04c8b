import { isValidElement } from 'react'
import type { HelmetServerState } from '../shared/helmet.ts'
import { siteHeadAttribute } from '../shared/SiteHead.tsx'
import { titleMirrorAttribute } from '../shared/titleMirror.ts'

/** One tag of the document's head, as react-helmet-async's server state says it. */
export interface DocumentHeadTag {
  tag: 'title' | 'base' | 'meta' | 'link' | 'script' | 'style' | 'noscript'
  /** HTML attribute names; `true` for a bare attribute. */
  attrs: Record<string, string | true>
  /** A title's text, or an inline script's, style's or noscript's content as given. */
  children?: string
  /**
   * The client's Helmet keeps this tag up to date on navigation (react-helmet-async's `data-rh`).
   * False for the config's and plugins' tags: they stay in the document for every page.
   */
  managed: boolean
}

/** The head and root attributes of a server-rendered page. */
export interface DocumentHead {
  tags: DocumentHeadTag[]
  /** `<html>`'s attributes (`lang`, `dir`, ...), HTML names. */
  htmlAttributes: Record<string, string>
  bodyAttributes: Record<string, string>
}

/** The order the head's tags are written in: the title and base first, scripts last. */
const tagOrder = ['title', 'base', 'meta', 'link', 'style', 'noscript', 'script'] as const

/** React prop names react-helmet-async hands out, back to their HTML names (the package's own map, inverted). */
const htmlNames: Record<string, string> = {
  accessKey: 'accesskey',
  charSet: 'charset',
  className: 'class',
  contentEditable: 'contenteditable',
  contextMenu: 'contextmenu',
  httpEquiv: 'http-equiv',
  itemProp: 'itemprop',
  tabIndex: 'tabindex',
}

/**
 * What every `<Helmet>` of the rendered tree says, after react-helmet-async's rule (the deepest
 * tag of a kind wins, `titleTemplate` applies to the innermost title), read from the context the
 * server's `HelmetProvider` filled. Empty when no `<Helmet>` rendered.
 */
export function readDocumentHead(context: { helmet?: HelmetServerState | null }): DocumentHead {
  const state = context.helmet
  if (!state) return { tags: [], htmlAttributes: {}, bodyAttributes: {} }
  const tags = tagOrder.flatMap((kind) =>
    elementsOf(state[kind].toComponent()).map((props) => documentHeadTag(kind, props)),
  )
  return {
    tags: withTitleMirror(tags.filter((tag) => tag.tag !== 'title' || tag.children)),
    htmlAttributes: attributesOf(state.htmlAttributes.toComponent()),
    bodyAttributes: attributesOf(state.bodyAttributes.toComponent()),
  }
}

/** The props of each element react-helmet-async rendered for one kind of tag. */
function elementsOf(components: unknown): Record<string, unknown>[] {
  const list: unknown[] = Array.isArray(components) ? components : [components]
  return list.filter(isValidElement).map((element) => element.props as Record<string, unknown>)
}

function documentHeadTag(kind: DocumentHeadTag['tag'], props: Record<string, unknown>): DocumentHeadTag {
  const attrs: Record<string, string | true> = {}
  let children: string | undefined
  for (const [name, value] of Object.entries(props)) {
    if (name === 'data-rh' || name === siteHeadAttribute || value === undefined || value === null || value === false)
      continue
    if (name === 'children') children = Array.isArray(value) ? value.join('') : String(value)
    else if (name === 'dangerouslySetInnerHTML') children = String((value as { __html?: unknown }).__html ?? '')
    else attrs[htmlNames[name] ?? name] = value === true ? true : String(value)
  }
  return { tag: kind, attrs, children, managed: !(siteHeadAttribute in props) }
}

function attributesOf(props: unknown): Record<string, string> {
  const attributes: Record<string, string> = {}
  if (!props || typeof props !== 'object') return attributes
  for (const [name, value] of Object.entries(props))
    if (value !== undefined && value !== null && value !== false) attributes[htmlNames[name] ?? name] = String(value)
  return attributes
}

/** The head with `og:title` mirroring its title, unless a `<Helmet>` said `og:title` (see titleMirror.ts). */
function withTitleMirror(tags: DocumentHeadTag[]): DocumentHeadTag[] {
  const title = tags.find((tag) => tag.tag === 'title')?.children
  if (!title || tags.some((tag) => tag.tag === 'meta' && tag.attrs.property === 'og:title')) return tags
  const mirror: DocumentHeadTag = {
    tag: 'meta',
    attrs: { property: 'og:title', content: title, [titleMirrorAttribute]: true },
    managed: false,
  }
  const at = tags.findIndex((tag) => tag.tag === 'meta')
  return at < 0 ? [...tags, mirror] : [...tags.slice(0, at), mirror, ...tags.slice(at)]
}
