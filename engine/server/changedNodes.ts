import type { NodeStore } from '../store/nodeStore.ts'

/**
 * Which nodes differ between two builds of the store, of every type (a plugin's Author as much as
 * a File or a Page): ids whose content digest changed. `structural` is true when nodes were added
 * or removed (routes, sidebars, lists and neighbours may all move, so everything is re-queried).
 */
export function changedNodeIds(before: NodeStore, after: NodeStore): { ids: Set<string>; structural: boolean } {
  const ids = new Set<string>()
  let structural = false
  for (const type of new Set([...before.types(), ...after.types()])) {
    const old = new Map(before.getNodesByType(type).map((node) => [node.id, node.internal.contentDigest]))
    const next = after.getNodesByType(type)
    if (old.size !== next.length) structural = true
    for (const node of next) {
      const digest = old.get(node.id)
      if (digest === undefined) structural = true
      else if (digest !== node.internal.contentDigest) ids.add(node.id)
    }
  }
  // A node whose children changed with it (a File and its Page; a data file and the nodes a
  // transformer made of it): queries recorded the children's ids.
  for (const id of [...ids]) {
    const node = after.getNode(id)
    for (const child of node?.children ?? []) ids.add(child)
    // A file no transformer made nodes of (an image, a _meta.json read whole) may be read by
    // anything: everything is re-queried. A data file's nodes are compared one by one above.
    if (node?.type === 'File' && !String(node.relativePath).match(/\.mdx?$/) && node.children.length === 0)
      structural = true
  }
  return { ids, structural }
}
