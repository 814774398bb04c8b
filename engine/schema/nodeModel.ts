import type { NodeStore } from '../store/nodeStore.ts'
import type { SheafNode } from '../store/types.ts'
import type { QueryScope } from './query/linkedFields.ts'
import { orderedNodes, type DefaultOrders } from './query/nodeIndex.ts'
import { runNodeQuery, type NodeQuery, type NodeQueryResult } from './query/runNodeQuery.ts'

/** Records a read of a node (all of it, or only `fields`): see QueryContext.track. */
export type TrackRead = (nodeId: string, fields?: readonly string[]) => void

/**
 * Where reads are recorded: per node (`track`), and, when the recorder has it, per type
 * (`trackType`: some fields of every node of a type, as a filter reads them) in one read.
 */
export interface ReadRecorder {
  track: TrackRead
  trackType?: (type: string, fields: readonly string[]) => void
}

/** Records that `fields` of every node of a type were read: once when the recorder can, else per node. */
function trackWholeType(
  store: NodeStore,
  reads: ReadRecorder,
  orders: DefaultOrders,
  type: string,
  fields: readonly string[],
  returned: readonly SheafNode[],
): void {
  if (reads.trackType) return reads.trackType(type, fields)
  // (The nodes returned are recorded in what they show, which includes these fields.)
  const except = new Set(returned)
  for (const node of orderedNodes(store, type, orders)) if (!except.has(node)) reads.track(node.id, fields)
}

/**
 * Gatsby's node model (`context.nodeModel` in a resolver): every node it hands out is recorded as
 * read by the running query, so a resolver needs no `track()` of its own. A node returned is read
 * whole (the resolver may show any of it); every other node of the type, in the fields that decided
 * it was left out (a page whose author changes joins an author's list).
 */
export interface NodeModel {
  getNodeById(args: { id: string; type?: string } | string): SheafNode | null
  getNodesByIds(args: { ids: readonly string[]; type?: string }): SheafNode[]
  getAllNodes(args: { type: string }): SheafNode[]
  findOne(args: { type: string; query?: Omit<NodeQuery, 'limit' | 'skip'> }): Promise<SheafNode | null>
  findAll(args: { type: string; query?: NodeQuery }): Promise<{ entries: SheafNode[]; totalCount(): Promise<number> }>
}

/**
 * Runs a query over a type's nodes and records what decided its result (the filtered and sorted
 * fields of every node of the type: one read of the type, not 5,000 of its nodes, when the
 * recorder can) and what it returned (`selected`: the fields shown, when known).
 */
export function trackedQuery(
  store: NodeStore,
  reads: ReadRecorder,
  scope: QueryScope,
  type: string,
  query: NodeQuery,
  selected?: readonly string[],
): NodeQueryResult {
  const result = runNodeQuery(store, type, query, scope)
  if (result.decisive.length > 0) trackWholeType(store, reads, scope.orders, type, result.decisive, result.nodes)
  for (const read of result.linked) {
    if (read.fields.length > 0) trackWholeType(store, reads, scope.orders, read.type, read.fields, [])
  }
  const shown = selected && [...new Set([...selected, ...result.decisive])]
  if (!shown || shown.length > 0) for (const node of result.nodes) reads.track(node.id, shown)
  return result
}

export function createNodeModel(store: NodeStore, reads: ReadRecorder, scope: QueryScope): NodeModel {
  const { track } = reads
  const byId = (id: string, type?: string) => {
    const node = store.getNode(id)
    if (!node || (type && node.type !== type)) return null
    track(node.id)
    return node
  }
  return {
    getNodeById: (args) => (typeof args === 'string' ? byId(args) : byId(args?.id, args?.type)),
    getNodesByIds: ({ ids, type }) =>
      ids.map((id) => byId(id, type)).filter((node): node is SheafNode => node !== null),
    getAllNodes: ({ type }) => trackedQuery(store, reads, scope, type, {}).nodes,
    findOne: async ({ type, query = {} }) =>
      trackedQuery(store, reads, scope, type, { ...query, limit: 1 }).nodes[0] ?? null,
    findAll: async ({ type, query = {} }) => {
      const result = trackedQuery(store, reads, scope, type, query)
      return { entries: result.nodes, totalCount: async () => result.totalCount }
    },
  }
}
