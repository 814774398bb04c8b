import type { SheafNode } from '../../store/types.ts'
import { valuesAt } from './fieldPath.ts'

/**
 * A Gatsby 5 field selector (`{ frontmatter: { author: SELECT } }`) as a path. A selector must
 * name one field; Gatsby 4's dotted string (`"frontmatter.author"`) is accepted too.
 */
export function selectorPath(selector: unknown): string[] {
  if (typeof selector === 'string') return selector.split('.')
  const path: string[] = []
  let current = selector
  while (current && typeof current === 'object') {
    const keys = Object.keys(current)
    if (keys.length !== 1)
      throw new Error(`a field selector names exactly one field (got ${keys.length === 0 ? 'none' : keys.join(', ')})`)
    path.push(keys[0])
    current = (current as Record<string, unknown>)[keys[0]]
  }
  if (current !== 'SELECT')
    throw new Error('a field selector ends with SELECT, e.g. `{ frontmatter: { author: SELECT } }`')
  return path
}

function asKey(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** Gatsby's `distinct`: the values at the path across the nodes (lists flattened), as strings, sorted. */
export function distinctValues(nodes: readonly SheafNode[], path: readonly string[]): string[] {
  const values = new Set<string>()
  for (const node of nodes) for (const value of valuesAt(node, path)) values.add(asKey(value))
  return [...values].sort()
}

export interface NodeGroup {
  field: string
  fieldValue: string
  nodes: SheafNode[]
}

/**
 * Gatsby's `group`: one group per value at the path (a node with a list joins each of its values' groups), by value.
 */
export function groupNodes(nodes: readonly SheafNode[], path: readonly string[]): NodeGroup[] {
  const groups = new Map<string, SheafNode[]>()
  for (const node of nodes) {
    for (const value of new Set(valuesAt(node, path).map(asKey))) {
      let group = groups.get(value)
      if (!group) groups.set(value, (group = []))
      group.push(node)
    }
  }
  const field = path.join('.')
  return [...groups.keys()]
    .sort()
    .map((fieldValue) => ({ field, fieldValue, nodes: groups.get(fieldValue) as SheafNode[] }))
}
