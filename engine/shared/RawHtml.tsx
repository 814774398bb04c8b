import { createContext, useContext, type HTMLAttributes } from 'react'

/**
 * Build-time HTML (highlighted code, mostly) is the bulk of a doc page's data,
 * and the server has already put it in the document. So the inline page data
 * carries a reference instead ({ $sheafRaw: id }) and the client reads the HTML
 * back from the element the server marked with `data-sheaf-raw="id"`. A page
 * fetched for a client navigation carries the HTML itself; nothing is marked then.
 */
export interface RawHtmlRegistry {
  /** The id of an HTML string the document already holds, if any. */
  idOf(html: string): string | undefined
}

/** Strings shorter than this are cheaper to repeat than to reference. */
export const rawHtmlMinLength = 200

export const RawHtmlContext = createContext<RawHtmlRegistry | null>(null)

export interface RawHtmlProps extends Omit<HTMLAttributes<HTMLElement>, 'dangerouslySetInnerHTML' | 'children'> {
  /** The element to render (`code`, `div`, ...). */
  as?: 'code' | 'div' | 'span' | 'pre' | 'section'
  /** Trusted HTML produced at build time, never by content or a query string. */
  html: string
}

/** Renders trusted build-time HTML; the inline page data references it instead of repeating it. */
export function RawHtml({ as: Tag = 'div', html, ...attributes }: RawHtmlProps) {
  const registry = useContext(RawHtmlContext)
  const id = html.length >= rawHtmlMinLength ? registry?.idOf(html) : undefined
  return <Tag {...attributes} data-sheaf-raw={id} dangerouslySetInnerHTML={{ __html: html }} />
}

/** The server side: numbers each HTML string as it renders, so page data can reference it. */
export function createServerRawHtmlRegistry(): RawHtmlRegistry & { ids: Map<string, string> } {
  const ids = new Map<string, string>()
  return {
    ids,
    idOf(html) {
      let id = ids.get(html)
      if (id === undefined) {
        id = String(ids.size)
        ids.set(html, id)
      }
      return id
    },
  }
}

/** The client side: filled while the inline page data is parsed (see `parseInlinePageData`). */
export function createClientRawHtmlRegistry(): RawHtmlRegistry & { ids: Map<string, string> } {
  const ids = new Map<string, string>()
  return { ids, idOf: (html) => ids.get(html) }
}
