import { valuesAt } from './fieldPath.ts'

export type SortInput = Record<string, unknown> | readonly Record<string, unknown>[]

export interface SortKey {
  path: string[]
  descending: boolean
  /** Reads the key of a node another way than at `path` (through a linked node: see linkedFields.ts). */
  value?: (node: never) => unknown
}

/**
 * Gatsby 5's sort (`{ frontmatter: { date: DESC } }`, or a list of such for ties) as a list of
 * keys. An object with several fields sorts by them in the order written.
 */
export function compileSort(sort: SortInput | null | undefined): SortKey[] {
  if (!sort) return []
  const list = Array.isArray(sort) ? sort : [sort]
  return list.flatMap((entry) => keysOf(entry as Record<string, unknown>, []))
}

function keysOf(entry: Record<string, unknown> | null, prefix: string[]): SortKey[] {
  if (!entry) return []
  return Object.keys(entry).flatMap((key) => {
    const value = entry[key]
    if (value === 'ASC' || value === 'DESC') return [{ path: [...prefix, key], descending: value === 'DESC' }]
    return value && typeof value === 'object' ? keysOf(value as Record<string, unknown>, [...prefix, key]) : []
  })
}

/** The first value at a path, for ordering (a list sorts by its first element). */
function sortValue(node: unknown, path: readonly string[]): unknown {
  return valuesAt(node, path)[0]
}

/**
 * Orders two values as JavaScript's `<` does for numbers and for strings (code units, as Gatsby),
 * numbers before strings; a missing value sorts after every present one, either way.
 */
function compareValues(a: unknown, b: unknown, descending: boolean): number {
  const aMissing = a === undefined || a === null
  const bMissing = b === undefined || b === null
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1
  let order: number
  if (typeof a === typeof b && (typeof a === 'number' || typeof a === 'string' || typeof a === 'boolean'))
    order = a < (b as typeof a) ? -1 : a > (b as typeof a) ? 1 : 0
  else if (typeof a === 'number') order = -1
  else if (typeof b === 'number') order = 1
  else order = String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0
  return descending ? -order : order
}

/** A stable sort by the keys (ties keep the order the nodes came in). */
export function sortNodes<T>(nodes: readonly T[], keys: readonly SortKey[]): T[] {
  if (keys.length === 0) return [...nodes]
  const valueOf = (node: T, key: SortKey) => (key.value ? key.value(node as never) : sortValue(node, key.path))
  const decorated = nodes.map((node, index) => ({ node, index, values: keys.map((key) => valueOf(node, key)) }))
  decorated.sort((a, b) => {
    for (let at = 0; at < keys.length; at++) {
      const order = compareValues(a.values[at], b.values[at], keys[at].descending)
      if (order !== 0) return order
    }
    return a.index - b.index
  })
  return decorated.map((entry) => entry.node)
}
