import type { ResolvedConfig } from './config/types.ts'
import { createContentDigest, createNodeId } from './store/digest.ts'
import { NodeStore } from './store/nodeStore.ts'
import type { SheafNode } from './store/types.ts'
import type { PluginRunner } from './plugins/runner.ts'
import type { Reporter, SiteInfo, SourceApi } from './plugins/types.ts'

export interface SourceResult {
  store: NodeStore
  /** Nodes created while sourcing, waiting for onCreateNode. */
  pending: SheafNode[]
}

/** Runs every plugin's `sourceNodes`; new nodes queue up for the transform phase. */
export async function sourceNodes(runner: PluginRunner, site: SiteInfo, reporterFor: (name: string) => Reporter): Promise<SourceResult> {
  const store = new NodeStore()
  const pending: SheafNode[] = []
  await runner.run('sourceNodes', (plugin) => sourceApi(store, pending, plugin.name, site, reporterFor(plugin.name)))
  return { store, pending }
}

/**
 * Offers every new node to every plugin's `onCreateNode`, in config order,
 * including nodes that onCreateNode itself creates (a File becomes a Page).
 */
export async function transformNodes(runner: PluginRunner, source: SourceResult, site: SiteInfo, reporterFor: (name: string) => Reporter): Promise<number> {
  const { store, pending } = source
  let count = 0
  while (pending.length > 0) {
    const node = pending.shift() as SheafNode
    count++
    await runner.run('onCreateNode', (plugin) => ({
      ...sourceApi(store, pending, plugin.name, site, reporterFor(plugin.name)),
      node,
      getNode: (id: string) => store.getNode(id),
      getNodesByType: (type: string) => store.getNodesByType(type),
      updateNode: (target: SheafNode, fields: Record<string, unknown>) => store.updateNode(target, fields),
    }))
  }
  return count
}

function sourceApi(store: NodeStore, pending: SheafNode[], owner: string, site: SiteInfo, reporter: Reporter): SourceApi {
  return {
    site,
    reporter,
    createNode(input) {
      const node = store.createNode(input, owner)
      pending.push(node)
      return node
    },
    createNodeId,
    createContentDigest,
  }
}

/** Site info every hook can read. */
export function siteInfo(config: ResolvedConfig, mode: 'build' | 'develop'): SiteInfo {
  return { root: config.root, base: config.base, mode }
}
