import type { Element, Root } from 'hast'
import type { VFile } from 'vfile'
import { assertTreeDepth, maxHtmlTreeDepth } from './treeDepth.ts'
import { walk } from './walk.ts'

const blockTags = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'details',
  'dialog',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'ul',
  'code-block',
])

/**
 * MDX puts inline JSX like `<details>` inside a paragraph, which browsers
 * re-nest when parsing HTML: the server's HTML and the client's tree then
 * differ and hydration fails. A paragraph holding block content becomes a div.
 * It also checks the final tree's depth: the steps after it (and React's renderer) recurse.
 */
export default function rehypeValidNesting() {
  return (tree: Root, file: VFile) => {
    assertTreeDepth(tree, maxHtmlTreeDepth, file.path)
    walk<Element>(tree, 'element', (node) => {
      if (node.tagName !== 'p') return
      const hasBlock = node.children.some(
        (child) => child.type === 'element' && (blockTags.has(child.tagName) || /^[A-Z]/.test(child.tagName)),
      )
      if (hasBlock) node.tagName = 'div'
    })
  }
}
