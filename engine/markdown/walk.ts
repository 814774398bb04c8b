/** Any unist node: a type, maybe children. */
interface UnistNode {
  type: string
  children?: UnistNode[]
}

/**
 * Calls `visitor` for every node of `type` in `tree`, in document order
 * (preorder; a node's children are read after its visitor ran, so a visitor
 * may replace them, as with unist-util-visit).
 *
 * Why not unist-util-visit: it builds a parents array and a test function per
 * call and walks through closures; our plugins walk every tree six times and
 * need none of that, and those walks were a tenth of a markdown worker's time
 * at N = 1,000. A visitor that needs a node's index or parent, or to skip a
 * subtree, still uses unist-util-visit.
 */
export function walk<T extends UnistNode>(tree: UnistNode, type: T['type'], visitor: (node: T) => void): void {
  if (tree.type === type) visitor(tree as T)
  const children = tree.children
  if (!children) return
  for (let index = 0; index < children.length; index++) walk(children[index], type, visitor)
}

/** Whether `tree` holds a node of `type` (stops at the first). */
export function contains(tree: UnistNode, type: string): boolean {
  if (tree.type === type) return true
  const children = tree.children
  if (!children) return false
  for (let index = 0; index < children.length; index++) if (contains(children[index], type)) return true
  return false
}
