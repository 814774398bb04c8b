import type { NodeStore } from '../../store/nodeStore.ts'
import type { SheafNode } from '../../store/types.ts'
import { compileFilter, filterRoots, meets, type Condition, type Filter } from './filterNodes.ts'
import { indexable, membership, nodesWithValues, orderedNodes, type DefaultOrders } from './nodeIndex.ts'
import { compileSort, sortNodes, type SortInput } from './sortNodes.ts'

export interface NodeQuery {
  filter?: Filter | null
  sort?: SortInput | null
  skip?: number | null
  limit?: number | null
}

export interface NodeQueryResult {
  /** The nodes asked for (after skip and limit). */
  nodes: SheafNode[]
  /** How many nodes matched the filter. */
  totalCount: number
  /** Every node of the type: whether each is in the result was decided by `decisive`. */
  considered: readonly SheafNode[]
  /** The top-level fields the filter and sort read. */
  decisive: string[]
}

/** A condition an index can answer: `eq` or `in` of scalars, outside `elemMatch`. */
function indexedValues(condition: Condition): unknown[] | null {
  if (condition.operator === 'eq' && condition.argument !== null && indexable(condition.argument)) return [condition.argument]
  if (condition.operator === 'in' && Array.isArray(condition.argument) && condition.argument.every((value) => value !== null && indexable(value))) return condition.argument
  return null
}

/**
 * Runs a Gatsby query over the nodes of a type: filter (through an index when a condition is an
 * `eq` or `in`), sort (stable, after the type's default order), skip, limit.
 */
export function runNodeQuery(store: NodeStore, type: string, query: NodeQuery, orders: DefaultOrders = {}): NodeQueryResult {
  const conditions = compileFilter(query.filter)
  const keys = compileSort(query.sort)
  const considered = orderedNodes(store, type, orders)
  // Each `eq`/`in` condition is answered by its index: the smallest answer gives the candidates,
  // the others are checked by membership, and only the remaining conditions read the nodes.
  const answered: SheafNode[][] = []
  const rest: Condition[] = []
  for (const condition of conditions) {
    const values = indexedValues(condition)
    if (values) answered.push(nodesWithValues(store, type, orders, condition.path, values))
    else rest.push(condition)
  }
  answered.sort((a, b) => a.length - b.length)
  const candidates: readonly SheafNode[] = answered[0] ?? considered
  const members = answered.slice(1).map((bucket) => (bucket.length === considered.length ? null : membership(bucket)))
  const inAll = (node: SheafNode) => members.every((set) => set === null || set.has(node))
  const matched = answered.length <= 1 && rest.length === 0 ? candidates : candidates.filter((node) => inAll(node) && meets(node, rest))
  const sorted = keys.length > 0 ? sortNodes(matched, keys) : matched
  const skip = Math.max(0, query.skip ?? 0)
  const end = query.limit === null || query.limit === undefined ? undefined : skip + Math.max(0, query.limit)
  const decisive = [...new Set([...filterRoots(conditions), ...keys.map((key) => key.path[0])])]
  return { nodes: sorted.slice(skip, end), totalCount: matched.length, considered, decisive }
}
