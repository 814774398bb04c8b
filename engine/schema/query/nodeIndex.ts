import type { NodeStore } from '../../store/nodeStore.ts'
import type { SheafNode } from '../../store/types.ts'
import { valuesAt } from './fieldPath.ts'
import { sortNodes, type SortKey } from './sortNodes.ts'

/** How a type's nodes come when a query does not sort them (Page: by route). */
export type DefaultOrders = Readonly<Record<string, (a: SheafNode, b: SheafNode) => number>>

interface TypeView {
  nodes: SheafNode[]
  /** Where each node is in `nodes` (to put the union of buckets back in order). */
  positions: Map<SheafNode, number>
  /** Per dotted path: nodes by each scalar value found there, in `nodes` order. */
  buckets: Map<string, Map<unknown, SheafNode[]>>
  /** Per dotted path: the values at it of each node, parallel to `nodes` (what `regex`, `gt`... test). */
  columns: Map<string, unknown[][]>
  /** Per sort (its keys as JSON): every node in that order, ties in `nodes` order. */
  orders: Map<string, SheafNode[]>
}

interface StoreView {
  revision: number
  types: Map<string, TypeView>
}

/**
 * Gatsby's "fast filters": the nodes of a type, in their default order, and per filtered field an
 * index by value, made the first time a query filters on that field and kept while the store does
 * not change (`revision`). At 5,000 pages an `eq` then reads one bucket instead of every node.
 */
const views = new WeakMap<NodeStore, StoreView>()

function typeView(store: NodeStore, type: string, orders: DefaultOrders): TypeView {
  let view = views.get(store)
  if (!view || view.revision !== store.revision)
    views.set(store, (view = { revision: store.revision, types: new Map() }))
  let typed = view.types.get(type)
  if (!typed) {
    const nodes = store.getNodesByType(type)
    const order = orders[type]
    if (order) nodes.sort(order)
    const positions = new Map(nodes.map((node, index) => [node, index]))
    typed = { nodes, positions, buckets: new Map(), columns: new Map(), orders: new Map() }
    view.types.set(type, typed)
  }
  return typed
}

/** The type's nodes in their default order (a shared array: never change it). */
export function orderedNodes(store: NodeStore, type: string, orders: DefaultOrders): readonly SheafNode[] {
  return typeView(store, type, orders).nodes
}

const indexable = (value: unknown) => value === null || typeof value !== 'object'

/** The nodes whose values at `path` include any of `values` (scalars), in default order. */
export function nodesWithValues(
  store: NodeStore,
  type: string,
  orders: DefaultOrders,
  path: readonly string[],
  values: readonly unknown[],
): SheafNode[] {
  const view = typeView(store, type, orders)
  const key = path.join('.')
  let buckets = view.buckets.get(key)
  if (!buckets) {
    buckets = new Map()
    for (const node of view.nodes) {
      for (const value of new Set(valuesAt(node, path))) {
        if (!indexable(value)) continue
        let bucket = buckets.get(value)
        if (!bucket) buckets.set(value, (bucket = []))
        bucket.push(node)
      }
    }
    view.buckets.set(key, buckets)
  }
  if (values.length === 1) return buckets.get(values[0]) ?? []
  const union = new Set(values.flatMap((value) => buckets.get(value) ?? []))
  return [...union].sort((a, b) => (view.positions.get(a) ?? 0) - (view.positions.get(b) ?? 0))
}

/** A bucket as a set, for membership checks: made once per bucket (an index's buckets live as long as it does). */
const sets = new WeakMap<readonly SheafNode[], ReadonlySet<SheafNode>>()
export function membership(bucket: readonly SheafNode[]): ReadonlySet<SheafNode> {
  let set = sets.get(bucket)
  if (!set) sets.set(bucket, (set = new Set(bucket)))
  return set
}

/**
 * The values at `path` of every node of the type, with a lookup from node to its values: made once
 * per field (a filter's `regex` over 5,000 front-matters then reads an array, not each node's path).
 */
export function columnAt(
  store: NodeStore,
  type: string,
  orders: DefaultOrders,
  path: readonly string[],
): (node: SheafNode) => unknown[] {
  const view = typeView(store, type, orders)
  const key = path.join('.')
  let column = view.columns.get(key)
  if (!column) view.columns.set(key, (column = view.nodes.map((node) => valuesAt(node, path))))
  const values = column
  return (node) => {
    const position = view.positions.get(node)
    return position === undefined ? valuesAt(node, path) : values[position]
  }
}

/**
 * Every node of the type in a sort's order (stable over the default order), made once per sort:
 * a sorted page of a filtered list is then the first matches along it, not a sort of every match.
 */
export function sortedNodes(
  store: NodeStore,
  type: string,
  orders: DefaultOrders,
  keys: readonly SortKey[],
): readonly SheafNode[] {
  const view = typeView(store, type, orders)
  const key = JSON.stringify(keys.map((sortKey) => [sortKey.path, sortKey.descending, sortKey.value !== undefined]))
  let sorted = view.orders.get(key)
  if (!sorted) view.orders.set(key, (sorted = sortNodes(view.nodes, keys)))
  return sorted
}

export { indexable }
