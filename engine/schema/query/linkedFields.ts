import type { NodeStore } from '../../store/nodeStore.ts'
import type { SheafNode } from '../../store/types.ts'
import { valuesAt } from './fieldPath.ts'
import type { Condition, Filter } from './filterNodes.ts'
import { nodesWithValues, type DefaultOrders } from './nodeIndex.ts'
import { isOperatorObject } from './operators.ts'
import type { SortKey } from './sortNodes.ts'

/** A `@link` field: its nodes are the `target` nodes whose `by` equals this node's `from`. */
export interface LinkSpec {
  target: string
  by: string[]
  from: string[]
}

/** The `@link` fields of each node type, by type and field name. */
export type LinkMap = ReadonlyMap<string, ReadonlyMap<string, LinkSpec>>

/** A read of some fields of every node of a type (what decided a result). */
export interface TypeRead {
  type: string
  fields: string[]
}

/** How a query finds its way: the default order of each type, and the link fields to follow. */
export interface QueryScope {
  orders: DefaultOrders
  links?: LinkMap
}

const indexable = (value: unknown) => value !== null && value !== undefined && typeof value !== 'object'

/** The nodes a node links to through one link field (by id: looked up; else through the target's index on `by`). */
export function linkedNodes(store: NodeStore, orders: DefaultOrders, link: LinkSpec, node: SheafNode): SheafNode[] {
  const values = valuesAt(node, link.from).filter(indexable)
  if (values.length === 0) return []
  if (link.by.length === 1 && link.by[0] === 'id') {
    const found = values.map((id) => store.getNode(String(id)))
    return found.filter((node): node is SheafNode => node?.type === link.target)
  }
  return nodesWithValues(store, link.target, orders, link.by, values)
}

/** The values of `by` the targets hold: what a linking node's `from` must hold to link to one of them. */
function keysOf(targets: readonly SheafNode[], by: readonly string[]): unknown[] {
  if (by.length === 1 && by[0] === 'id') return targets.map((target) => target.id)
  return [...new Set(targets.flatMap((target) => valuesAt(target, by).filter(indexable)))]
}

/** Runs a filter over another type (the caller's runNodeQuery, which follows that type's links in turn). */
export type RunLinkedFilter = (type: string, filter: Filter) => { nodes: readonly SheafNode[]; reads: TypeRead[] }

/**
 * Gatsby's filter through a linked field (`{ author: { name: { eq: "Ada" } } }`, or `elemMatch` on a
 * list link): the targets that meet the inner filter are found first, and the field becomes an `in`
 * over their keys at the link's `from` path (answered by that field's index). Returns the filter
 * without those fields, their conditions, and the reads of the targets' types that decided them.
 */
export function linkedConditions(
  filter: Filter | null | undefined,
  links: ReadonlyMap<string, LinkSpec> | undefined,
  run: RunLinkedFilter,
): { filter: Filter | null | undefined; conditions: Condition[]; reads: TypeRead[] } {
  const conditions: Condition[] = []
  const reads: TypeRead[] = []
  if (!filter || !links) return { filter, conditions, reads }
  let rest: Filter | undefined
  for (const [field, link] of links) {
    const inner = filter[field]
    // Operators on the field itself (`{ writer: { eq: "author-1" } }`, as a plugin may ask through
    // the node model) filter the value stored there, as before links were followed.
    if (!inner || typeof inner !== 'object' || (isOperatorObject(inner) && !('elemMatch' in inner))) continue
    const keys = Object.keys(inner)
    const elements = keys.length === 1 && keys[0] === 'elemMatch'
    const targetFilter = (elements ? (inner as Filter).elemMatch : inner) as Filter
    const found = run(link.target, targetFilter)
    reads.push(...found.reads, { type: link.target, fields: [link.by[0]] })
    rest ??= { ...filter }
    delete rest[field]
    conditions.push({ path: link.from, operator: 'in', argument: keysOf(found.nodes, link.by) })
  }
  return { filter: rest ?? filter, conditions, reads }
}

/**
 * Sort keys through a linked field (`{ author: { name: ASC } }`): the key reads the first linked
 * node's value. Returns the keys, the node fields they read (`from`, not the link field's name) and
 * the reads of the targets' types.
 */
export function linkedSortKeys(
  store: NodeStore,
  scope: QueryScope,
  links: ReadonlyMap<string, LinkSpec> | undefined,
  keys: SortKey[],
): { keys: SortKey[]; roots: string[]; reads: TypeRead[] } {
  const reads: TypeRead[] = []
  const roots: string[] = []
  const resolved = keys.map((key) => {
    const link = links?.get(key.path[0])
    if (!link || key.path.length < 2) {
      roots.push(key.path[0])
      return key
    }
    roots.push(link.from[0])
    reads.push({ type: link.target, fields: [link.by[0], key.path[1]] })
    const rest = key.path.slice(1)
    const value = (node: SheafNode) =>
      linkedNodes(store, scope.orders, link, node).flatMap((target) => valuesAt(target, rest))[0]
    return { ...key, value }
  })
  return { keys: resolved, roots, reads }
}
