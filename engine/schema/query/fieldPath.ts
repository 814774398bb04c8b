/**
 * The values at a dotted path of a node (`frontmatter.author`), arrays flattened on the way
 * as Gatsby's filters see them: `{ tags: { eq: "a" } }` matches a node whose `tags` holds "a",
 * and `authors.name` reads the name of every author. Missing and null values are left out.
 */
export function valuesAt(value: unknown, path: readonly string[], from = 0): unknown[] {
  if (value === null || value === undefined) return []
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, path, from))
  if (from === path.length) return [value]
  if (typeof value !== 'object') return []
  // Own fields only: `constructor` or `__proto__` in a filter never reaches a prototype.
  if (!Object.prototype.hasOwnProperty.call(value, path[from])) return []
  return valuesAt((value as Record<string, unknown>)[path[from]], path, from + 1)
}

/** The value at a path without flattening arrays (for `elemMatch` and the sort key); undefined when missing. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  let current = value
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, key))
      return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}
