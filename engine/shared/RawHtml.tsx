import { createContext, useContext, useMemo, type HTMLAttributes } from 'react'
import { sanitizeRawHtml } from './sanitizeRawHtml.ts'

/**
 * Build-time HTML (highlighted code, mostly) is the bulk of a doc page's data,
 * and the server has already put it in the document. So the inline page data
 * carries a reference instead ({ $sheafRaw: id }) and the client reads the HTML
 * back from the element the server marked with `data-sheaf-raw="id"`. A page
 * fetched for a client navigation carries the HTML itself; nothing is marked then.
 *
 * In the browser, only HTML read back from the server-rendered document is
 * trusted as is: any other string (a fetched page's, or one a forged page data
 * would carry) goes through sanitizeRawHtml first, so page data can never run
 * script.
 */
export interface RawHtmlRegistry {
  /** The id of an HTML string the document already holds, if any. */
  idOf(html: string): string | undefined
  /** Whether `html` is known to be the build's own: rendered on the server, or read back from its document. */
  trusts(html: string): boolean
}

/** Strings shorter than this are cheaper to repeat than to reference. */
export const rawHtmlMinLength = 200

export const RawHtmlContext = createContext<RawHtmlRegistry | null>(null)

export interface RawHtmlProps extends Omit<HTMLAttributes<HTMLElement>, 'dangerouslySetInnerHTML' | 'children'> {
  /** The element to render (`code`, `div`, ...). */
  as?: 'code' | 'div' | 'span' | 'pre' | 'section'
  /**
   * HTML produced at build time, never by content or a query string (sanitized in the browser unless the document held
   * it).
   */
  html: string
}

/**
 * Renders build-time HTML; the inline page data references it instead of
 * repeating it. In the browser, HTML the document did not hold is sanitized.
 */
export function RawHtml({ as: Tag = 'div', html, ...attributes }: RawHtmlProps) {
  const registry = useContext(RawHtmlContext)
  const id = html.length >= rawHtmlMinLength ? registry?.idOf(html) : undefined
  const trusted = typeof document === 'undefined' || registry?.trusts(html) === true
  const safe = useMemo(() => (trusted ? html : sanitizeRawHtml(html)), [trusted, html])
  return <Tag {...attributes} data-sheaf-raw={id} dangerouslySetInnerHTML={{ __html: safe }} />
}

/** The server side: numbers each HTML string as it renders, so page data can reference it. */
export function createServerRawHtmlRegistry(): RawHtmlRegistry & { ids: Map<string, string> } {
  const ids = new Map<string, string>()
  return {
    ids,
    // The server renders the build's own output.
    trusts: () => true,
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

/**
 * The client side: filled while the inline page data is parsed (see
 * `parseInlinePageData`) with the HTML read back from the server-rendered
 * document, the only HTML it trusts.
 */
export function createClientRawHtmlRegistry(): RawHtmlRegistry & { ids: Map<string, string> } {
  const ids = new Map<string, string>()
  return { ids, idOf: (html) => ids.get(html), trusts: (html) => ids.has(html) }
}
