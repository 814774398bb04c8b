import type { NodeStore } from '../../store/nodeStore.ts'
import type { SheafNode } from '../../store/types.ts'
import { compileFilter, filterRoots, meets, type Condition, type Filter } from './filterNodes.ts'
import { linkedConditions, linkedSortKeys, type QueryScope, type TypeRead } from './linkedFields.ts'
import { columnAt, indexable, membership, nodesWithValues, orderedNodes, sortedNodes } from './nodeIndex.ts'
import type { DefaultOrders } from './nodeIndex.ts'
import { passes, type ScalarOperator } from './operators.ts'
import { compileSort, sortNodes, type SortKey, type SortInput } from './sortNodes.ts'

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
  /** The top-level fields the filter and sort read, of every node of the type (what decided the result). */
  decisive: string[]
  /** What decided the result in other types' nodes (a filter or sort through a linked field). */
  linked: TypeRead[]
}

/** A condition an index can answer: `eq` or `in` of scalars, outside `elemMatch`. */
function indexedValues(condition: Condition): unknown[] | null {
  if (condition.operator === 'eq' && condition.argument !== null && indexable(condition.argument))
    return [condition.argument]
  if (
    condition.operator === 'in' &&
    Array.isArray(condition.argument) &&
    condition.argument.every((value) => value !== null && indexable(value))
  )
    return condition.argument
  return null
}

/** A test of one condition that is not answered by an index: scalar operators read the field's column. */
function conditionTest(store: NodeStore, type: string, orders: DefaultOrders, condition: Condition) {
  if (condition.operator === 'elemMatch') return (node: SheafNode) => meets(node, [condition])
  const values = columnAt(store, type, orders, condition.path)
  const operator = condition.operator as ScalarOperator
  return (node: SheafNode) => passes(values(node), operator, condition.argument, condition.pattern)
}

/**
 * The sorted page of the matches. When most nodes match, it walks the type's sorted order (made
 * once per sort) and stops at the page's end; a few matches are sorted themselves. Either way ties
 * keep the default order, so both give the same page.
 */
function sortedPage(
  sorted: () => readonly SheafNode[],
  matched: readonly SheafNode[],
  all: readonly SheafNode[],
  keys: readonly SortKey[],
  skip: number,
  end: number | undefined,
): SheafNode[] {
  if (matched.length * 8 < all.length) return sortNodes(matched, keys).slice(skip, end)
  const order = sorted()
  if (matched.length === all.length) return order.slice(skip, end)
  const wanted = membership(matched)
  const page: SheafNode[] = []
  let seen = 0
  for (const node of order) {
    if (end !== undefined && seen >= end) break
    if (!wanted.has(node)) continue
    if (seen++ >= skip) page.push(node)
  }
  return page
}

/**
 * Runs a Gatsby query over the nodes of a type: filter (through an index when a condition is an
 * `eq` or `in`), sort (stable, after the type's default order), skip, limit.
 */
export function runNodeQuery(
  store: NodeStore,
  type: string,
  query: NodeQuery,
  scope: QueryScope = { orders: {} },
): NodeQueryResult {
  const { orders } = scope
  const links = scope.links?.get(type)
  const through = linkedConditions(query.filter, links, (target, filter) => {
    const result = runNodeQuery(store, target, { filter }, scope)
    return { nodes: result.nodes, reads: [{ type: target, fields: result.decisive }, ...result.linked] }
  })
  const conditions = [...compileFilter(through.filter), ...through.conditions]
  const sort = linkedSortKeys(store, scope, links, compileSort(query.sort))
  const keys = sort.keys
  const all = orderedNodes(store, type, orders)
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
  const candidates: readonly SheafNode[] = answered[0] ?? all
  const members = answered.slice(1).map((bucket) => (bucket.length === all.length ? null : membership(bucket)))
  const tests = rest.map((condition) => conditionTest(store, type, orders, condition))
  const keep = (node: SheafNode) =>
    members.every((set) => set === null || set.has(node)) && tests.every((test) => test(node))
  const matched = members.length === 0 && tests.length === 0 ? candidates : candidates.filter(keep)
  const skip = Math.max(0, query.skip ?? 0)
  const end = query.limit === null || query.limit === undefined ? undefined : skip + Math.max(0, query.limit)
  const sorted = () => sortedNodes(store, type, orders, keys)
  const nodes = keys.length > 0 ? sortedPage(sorted, matched, all, keys, skip, end) : matched.slice(skip, end)
  const decisive = [...new Set([...filterRoots(conditions), ...sort.roots])]
  return { nodes, totalCount: matched.length, decisive, linked: [...through.reads, ...sort.reads] }
}
