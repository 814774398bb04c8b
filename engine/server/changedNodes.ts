import type { NodeStore } from '../store/nodeStore.ts'

/**
 * Which nodes differ between two builds of the store: ids whose content
 * digest changed. `structural` is true when nodes were added or removed (routes,
 * sidebars and neighbours may all move, so everything is re-queried).
 */
export function changedNodeIds(before: NodeStore, after: NodeStore): { ids: Set<string>; structural: boolean } {
  const ids = new Set<string>()
  let structural = false
  for (const type of ['File', 'Page']) {
    const old = new Map(before.getNodesByType(type).map((node) => [node.id, node.internal.contentDigest]))
    const next = after.getNodesByType(type)
    if (old.size !== next.length) structural = true
    for (const node of next) {
      const digest = old.get(node.id)
      if (digest === undefined) structural = true
      else if (digest !== node.internal.contentDigest) ids.add(node.id)
    }
  }
  // A File whose Page changed: the page's id is what queries recorded.
  for (const id of [...ids]) {
    const node = after.getNode(id)
    for (const child of node?.children ?? []) ids.add(child)
    if (node?.type === 'File' && !String(node.relativePath).match(/\.mdx?$/)) structural = true
  }
  return { ids, structural }
}
