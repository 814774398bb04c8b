import type { Root } from 'hast'

/** Does a page body start its own title (an h1 among its top-level elements)? */
export function hasTitleHeading(body: Root): boolean {
  return body.children.some((node) => node.type === 'element' && node.tagName === 'h1')
}
