import { valueAt, valuesAt } from './fieldPath.ts'
import { globToRegExp, isOperatorObject, passes, scalarOperators, toRegExp, type ScalarOperator } from './operators.ts'

/** One condition of a filter: the operator on the values at a path. */
export interface Condition {
  path: string[]
  operator: ScalarOperator | 'elemMatch'
  argument: unknown
  /** `regex` and `glob`: compiled once per query. */
  pattern?: RegExp
  /** `elemMatch`: the conditions an element must meet (paths relative to the element). */
  element?: Condition[]
}

export type Filter = Record<string, unknown>

/**
 * A Gatsby filter (`{ frontmatter: { author: { eq: "ada" } }, tags: { in: ["a"] } }`) as a flat
 * list of conditions, all of which must hold. Keys not meant as operators nest.
 */
export function compileFilter(filter: Filter | null | undefined, prefix: string[] = []): Condition[] {
  const conditions: Condition[] = []
  if (!filter) return conditions
  for (const key of Object.keys(filter)) {
    const value = filter[key]
    if (value === null || value === undefined || typeof value !== 'object') continue
    const path = [...prefix, key]
    if (!isOperatorObject(value)) {
      conditions.push(...compileFilter(value as Filter, path))
      continue
    }
    for (const [operator, argument] of Object.entries(value as Record<string, unknown>)) {
      if (argument === undefined) continue
      if (operator === 'elemMatch')
        conditions.push({ path, operator, argument, element: compileFilter(argument as Filter) })
      else if (operator === 'regex') conditions.push({ path, operator, argument, pattern: toRegExp(String(argument)) })
      else if (operator === 'glob')
        conditions.push({ path, operator, argument, pattern: globToRegExp(String(argument)) })
      else if ((scalarOperators as readonly string[]).includes(operator))
        conditions.push({ path, operator: operator as ScalarOperator, argument })
    }
  }
  return conditions
}

/** Whether a node (or an element, for `elemMatch`) meets every condition. */
export function meets(value: unknown, conditions: readonly Condition[]): boolean {
  for (const condition of conditions) {
    if (condition.operator === 'elemMatch') {
      const list = valueAt(value, condition.path)
      const elements = Array.isArray(list) ? list : list === undefined || list === null ? [] : [list]
      if (!elements.some((element) => meets(element, condition.element ?? []))) return false
    } else if (!passes(valuesAt(value, condition.path), condition.operator, condition.argument, condition.pattern))
      return false
  }
  return true
}

/** The top-level node fields a filter reads (what decides whether a node is in the result). */
export function filterRoots(conditions: readonly Condition[]): string[] {
  return [...new Set(conditions.map((condition) => condition.path[0]))]
}
