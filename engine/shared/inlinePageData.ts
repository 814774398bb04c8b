import { pageDataId } from './reservedIds.ts'

/**
 * The page data inlined in a document (`<script id="__SHEAF_DATA__" type="application/json">`), written
 * by the server and read by the client before hydration. HTML strings the
 * document already holds (see RawHtml.tsx) are written as `{ "$sheafRaw": id }`.
 */
const rawKey = '$sheafRaw'

/**
 * The only element page data is read from. `getElementById` alone would take
 * any element with that id (DOM clobbering: content's `<div id="__SHEAF_DATA__">`
 * once replaced the page data); content can never write a `<script>`, and its
 * ids carry the `user-content-` prefix besides.
 */
export const inlinePageDataSelector = `script[type="application/json"]#${pageDataId}`

/** The document's inline page data element, or null when there is none. */
export function findInlinePageData(root: ParentNode): HTMLScriptElement | null {
  return root.querySelector<HTMLScriptElement>(inlinePageDataSelector)
}

/** JSON safe to inline in a `<script>`, with known HTML strings replaced by references. */
export function serializeInlinePageData(value: unknown, rawIds: ReadonlyMap<string, string> = new Map()): string {
  const json = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'string' && rawIds.size > 0) {
      const id = rawIds.get(item)
      if (id !== undefined) return { [rawKey]: id }
    }
    return item
  })
  return escapeForScript(json)
}

/**
 * Every `<` and `>` is escaped (a JSON `\u003c` reads back as `<`): the data then
 * never holds anything that looks like markup, not only the `</script` and `<!--`
 * that would end the element. U+2028/2029 are escaped for old JavaScript parsers.
 */
export function escapeForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * Parses the inline page data, reading each referenced HTML string back from
 * the element marked `data-sheaf-raw="id"` and recording it in `ids`, so the
 * first render marks the same elements and hydration matches.
 */
export function parseInlinePageData<T>(text: string, root: ParentNode, ids: Map<string, string>): T {
  return JSON.parse(text, (_key, item: unknown) => {
    if (item && typeof item === 'object' && rawKey in item && Object.keys(item).length === 1) {
      const id = String((item as Record<string, unknown>)[rawKey])
      // Ids are numbers the server assigned; anything else is not ours to look up.
      const element = /^\d+$/.test(id) ? root.querySelector(`[data-sheaf-raw="${id}"]`) : null
      if (!element) throw new Error(`The page data references HTML #${id} that the document does not hold.`)
      const html = element.innerHTML
      ids.set(html, id)
      return html
    }
    return item
  }) as T
}
