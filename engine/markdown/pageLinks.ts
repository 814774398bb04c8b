import type { Root } from 'hast'

/** A link or image of a page, where its source wrote it: what the dead-link check reads. */
export interface PageLink {
  tag: 'a' | 'img'
  /** The `href` of a link, the `src` of an image, as written. */
  href: string
  line?: number
  column?: number
}

type TreeNode = {
  type?: string
  tagName?: string
  position?: { start?: { line?: number; column?: number } }
  properties?: Record<string, unknown>
  children?: unknown[]
}

/**
 * Lists the page's links and images (in document order) and drops every node's position.
 *
 * Why a list: the dead-link check of a whole site then reads each page's links, not its body.
 * A one-shot build keeps no parsed body in memory between the transform and the render (see
 * markdownCache.ts); positions are dropped because nothing after this needs them, and they
 * were a third of a body's size.
 */
export function takeLinks(tree: Root): PageLink[] {
  const links: PageLink[] = []
  // Links are listed as links/resolveLinks.ts rewrites them: through the root and elements only
  // (not inside an MDX component's element, whose props the component reads).
  const visit = (node: TreeNode, listed: boolean) => {
    const attribute = node.tagName === 'a' ? 'href' : node.tagName === 'img' ? 'src' : null
    const value = attribute ? node.properties?.[attribute] : undefined
    if (listed && attribute && typeof value === 'string') {
      const start = node.position?.start
      links.push({
        tag: node.tagName as PageLink['tag'],
        href: value,
        ...(start?.line ? { line: start.line, column: start.column } : {}),
      })
    }
    delete node.position
    const listChildren = listed && (node.type === 'root' || node.type === 'element')
    if (node.children) for (const child of node.children) visit(child as TreeNode, listChildren)
  }
  visit(tree as TreeNode, true)
  return links
}
