import type { VFile } from 'vfile'
import { SheafError } from '../errors.ts'

/**
 * Deepest markdown tree (mdast) a page may have. Every later step (the GFM and MDX transforms, the
 * conversion to HTML, the sanitizer, React's renderer) walks trees recursively, and a stack
 * overflows somewhere above 1,500 levels. `maxNestingDepth` (100) lists nest about 200 deep.
 */
export const maxTreeDepth = 300

/** Deepest HTML tree (hast) a page may have: the markdown's levels plus raw HTML inside them. */
export const maxHtmlTreeDepth = 600

interface TreeNode {
  type: string
  children?: TreeNode[]
  position?: { start: { line: number; column: number } }
}

/**
 * The first node (in document order) deeper than `limit` levels, and the deepest positioned ancestor, without
 * recursion.
 */
export function findTooDeep(tree: TreeNode, limit: number): { node: TreeNode; position?: TreeNode['position'] } | null {
  const stack: { node: TreeNode; depth: number; position?: TreeNode['position'] }[] = [
    { node: tree, depth: 0, position: tree.position },
  ]
  while (stack.length) {
    const { node, depth, position } = stack.pop()!
    const here = node.position ?? position
    if (depth > limit) return { node, position: here }
    const children = node.children
    if (!children) continue
    for (let index = children.length - 1; index >= 0; index--)
      stack.push({ node: children[index], depth: depth + 1, position: here })
  }
  return null
}

/** Throws a located error when `tree` is deeper than `limit`. */
export function assertTreeDepth(tree: TreeNode, limit: number, file: string): void {
  const found = findTooDeep(tree, limit)
  if (!found) return
  throw new SheafError(
    `The content here is nested more than ${limit} levels deep (lists, quotes, emphasis, ` +
      `HTML or MDX elements inside each other).`,
    {
      file,
      line: found.position?.start.line,
      column: found.position?.start.column,
      hint: 'flatten the structure: close elements before opening new ones, and nest a few levels at most.',
    },
  )
}

/** The markdown tree's depth check, as the first transform after parsing (before any recursive walk). */
export function remarkTreeDepthGuard() {
  return (tree: TreeNode, file: VFile) => assertTreeDepth(tree, maxTreeDepth, file.path)
}
