import { isSheafError, type SheafError } from './errors.ts'
import { combinedContentErrors } from './pipeline/brokenFiles.ts'
import type { ResolvedConfig } from './config/types.ts'
import { createContentDigest, createNodeId } from './store/digest.ts'
import { NodeStore } from './store/nodeStore.ts'
import type { SheafNode } from './store/types.ts'
import type { PluginRunner } from './plugins/runner.ts'
import type { Plugin, Reporter, SiteInfo, SourceApi } from './plugins/types.ts'

type HookApi<K extends 'onCreateNode'> = Parameters<NonNullable<Plugin[K]>>[0]

export interface SourceResult {
  store: NodeStore
  /** Nodes created while sourcing, waiting for onCreateNode. */
  pending: SheafNode[]
}

/** Runs every plugin's `sourceNodes`; new nodes queue up for the transform phase. */
export async function sourceNodes(
  runner: PluginRunner,
  site: SiteInfo,
  reporterFor: (name: string) => Reporter,
): Promise<SourceResult> {
  const store = new NodeStore()
  const pending: SheafNode[] = []
  await runner.run('sourceNodes', (plugin) => sourceApi(store, pending, plugin.name, site, reporterFor(plugin.name)))
  return { store, pending }
}

/**
 * Offers every new node to every plugin's `onCreateNode`, in config order,
 * including nodes that onCreateNode itself creates (a File becomes a Page).
 * `broken`: when given, a content error is pushed there and the transform succeeds without that
 * file's page (a build that keeps going); otherwise the transform fails once, listing them all.
 */
export async function transformNodes(
  runner: PluginRunner,
  source: SourceResult,
  site: SiteInfo,
  reporterFor: (name: string) => Reporter,
  broken?: SheafError[],
): Promise<number> {
  const { store, pending } = source
  let count = 0
  // A content error (one that names its file) does not stop the transform: every file is read,
  // and the build then fails once, listing each file's error, as the dead-link check does.
  const contentErrors: SheafError[] = []
  // Each plugin's api but the node, made once: made afresh for every node and plugin, its
  // closures were a tenth of the CPU of a 5,000-page dev server's outline, and much of its garbage.
  const apis = new Map<Plugin, Omit<HookApi<'onCreateNode'>, 'node'>>()
  const apiOf = (plugin: Plugin) => {
    let api = apis.get(plugin)
    if (!api) {
      api = {
        ...sourceApi(store, pending, plugin.name, site, reporterFor(plugin.name)),
        updateNode: (target: SheafNode, fields: Record<string, unknown>) => store.updateNode(target, fields),
      }
      apis.set(plugin, api)
    }
    return api
  }
  // Each call's api: the plugin's, every field named, and the node. Spread into a fresh object
  // for every node and plugin, the api's methods cost far more (40,000 calls: 76 ms against 1-3 ms
  // for an object literal of one shape); a 5,000-page outline makes that many.
  const withNode = (plugin: Plugin, node: SheafNode): HookApi<'onCreateNode'> => {
    const api = apiOf(plugin)
    return {
      site: api.site,
      reporter: api.reporter,
      createNode: api.createNode,
      createNodeId: api.createNodeId,
      createContentDigest: api.createContentDigest,
      getNode: api.getNode,
      getNodes: api.getNodes,
      getNodesByType: api.getNodesByType,
      createParentChildLink: api.createParentChildLink,
      createNodeField: api.createNodeField,
      updateNode: api.updateNode,
      node,
    }
  }
  while (pending.length > 0) {
    const node = pending.shift() as SheafNode
    count++
    try {
      await runner.run('onCreateNode', (plugin) => withNode(plugin, node))
    } catch (error) {
      if (!isSheafError(error) || !error.file) throw error
      contentErrors.push(error)
    }
  }
  if (broken) broken.push(...contentErrors)
  else if (contentErrors.length > 0) throw combinedContentErrors(contentErrors)
  return count
}

function sourceApi(
  store: NodeStore,
  pending: SheafNode[],
  owner: string,
  site: SiteInfo,
  reporter: Reporter,
): SourceApi {
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
    getNode: (id) => store.getNode(id),
    getNodes: () => store.getNodes(),
    getNodesByType: (type) => store.getNodesByType(type),
    createParentChildLink: (link) => store.createParentChildLink(link),
    createNodeField: (field) => store.createNodeField(field),
  }
}

/** Site info every hook can read. */
export function siteInfo(config: ResolvedConfig, mode: 'build' | 'develop'): SiteInfo {
  return { root: config.root, base: config.base, mode, concurrency: config.buildConcurrency }
}
