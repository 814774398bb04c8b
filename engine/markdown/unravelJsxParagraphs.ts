import type { Root } from 'mdast'
import { visit } from 'unist-util-visit'

type AnyNode = { type: string; value?: string; children?: AnyNode[] }

/**
 * As MDX's own compiler does (its "unravel" step): a paragraph made only of JSX elements,
 * expressions and whitespace is no paragraph, its elements are blocks. Rspress's docs write
 * `<Tab label="npm">npm i</Tab>` one per line inside `<Tabs>`: markdown reads those lines as one
 * paragraph, and `<Tabs>` would see a paragraph instead of its tabs.
 */
export function unravelJsxParagraphs(tree: Root): void {
  visit(tree as never, (node: AnyNode, index: number | undefined, parent: AnyNode | undefined) => {
    if (node.type !== 'paragraph' || !parent?.children || index === undefined || !isOnlyJsx(node)) return undefined
    const blocks = (node.children ?? [])
      .filter((child) => child.type !== 'text')
      .map((child) => ({
        ...child,
        type:
          child.type === 'mdxJsxTextElement'
            ? 'mdxJsxFlowElement'
            : child.type === 'mdxTextExpression'
              ? 'mdxFlowExpression'
              : child.type,
      }))
    parent.children.splice(index, 1, ...blocks)
    return index + blocks.length
  })
}

function isOnlyJsx(paragraph: AnyNode): boolean {
  const children = paragraph.children ?? []
  const isJsx = (child: AnyNode) => child.type === 'mdxJsxTextElement' || child.type === 'mdxTextExpression'
  return (
    children.some(isJsx) &&
    children.every((child) => isJsx(child) || (child.type === 'text' && (child.value ?? '').trim() === ''))
  )
}
