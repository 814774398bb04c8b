/**
 * The shape of the values found at a field across nodes, as Gatsby's inference reads it: a string
 * is a String, a whole number an Int (a Float once any value is not whole), a list a list of its
 * elements' shape, an object an object of its fields' shapes. Values that disagree (a string here,
 * a number there) make the field JSON: Gatsby drops such a field with a warning; here it stays
 * queryable, untyped.
 */
export type Shape =
  | { kind: 'scalar'; scalar: 'String' | 'Int' | 'Float' | 'Boolean' | 'JSON'; list: boolean }
  | { kind: 'object'; fields: Map<string, Shape>; list: boolean }

/** Field names GraphQL accepts (and not `__x`, which it reserves): a key like `my-field` is not inferred. */
export const graphqlName = /^(?!__)[_A-Za-z][_0-9A-Za-z]*$/

/** Bounds on what data can make of the schema: nesting, and fields per object (past them: JSON). */
const maxDepth = 8
const maxFields = 200

const json = (list: boolean): Shape => ({ kind: 'scalar', scalar: 'JSON', list })

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** The scalar a string, boolean or number is; null for anything else. */
function scalarOf(value: unknown): 'String' | 'Int' | 'Float' | 'Boolean' | null {
  if (typeof value === 'string') return 'String'
  if (typeof value === 'boolean') return 'Boolean'
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) <= 2 ** 31 - 1 ? 'Int' : 'Float'
  return null
}

function shapeOfValue(value: unknown, depth: number): Shape | null {
  if (value === null || value === undefined) return null
  if (Array.isArray(value)) {
    let element: Shape | null = null
    for (const item of value) {
      if (Array.isArray(item)) return json(true)
      element = merge(element, shapeOfValue(item, depth))
    }
    return element ? { ...element, list: true } : null
  }
  const scalar = scalarOf(value)
  if (scalar) return { kind: 'scalar', scalar, list: false }
  if (!isPlainObject(value) || depth >= maxDepth) return json(false)
  return { kind: 'object', fields: shapeOfFields([value], depth + 1), list: false }
}

/**
 * Merges two shapes of one field; null is "no value seen". `a` is the accumulator, changed in place
 * (5,000 pages' front-matter merged into one shape: a copy per merge was most of the inference).
 */
export function merge(a: Shape | null, b: Shape | null): Shape | null {
  if (!a) return b
  if (!b) return a
  const list = a.list || b.list
  if (a.kind === 'object' && b.kind === 'object') {
    for (const [name, shape] of b.fields) a.fields.set(name, merge(a.fields.get(name) ?? null, shape) as Shape)
    a.list = list
    return a.fields.size > maxFields ? json(list) : a
  }
  if (a.kind === 'scalar' && b.kind === 'scalar') {
    if (a.scalar === b.scalar) {
      a.list = list
      return a
    }
    const numbers = new Set([a.scalar, b.scalar])
    if (numbers.has('Int') && numbers.has('Float') && numbers.size === 2)
      return { kind: 'scalar', scalar: 'Float', list }
  }
  return json(list)
}

/**
 * `merge(shape, shapeOfValue(value))` without making the value's shape when the accumulated one
 * already covers it: 5,000 pages' front-matter share a few shapes, and a shape per page (a Map
 * per object) was most of the inference's time and garbage.
 */
function mergeValue(shape: Shape | null, value: unknown, depth: number): Shape | null {
  if (value === null || value === undefined) return shape
  if (shape === null || Array.isArray(value)) return merge(shape, shapeOfValue(value, depth))
  if (shape.kind === 'scalar') {
    return scalarOf(value) === shape.scalar ? shape : merge(shape, shapeOfValue(value, depth))
  }
  if (!isPlainObject(value) || depth >= maxDepth) return merge(shape, shapeOfValue(value, depth))
  for (const name of Object.keys(value)) {
    if (!graphqlName.test(name)) continue
    const merged = mergeValue(shape.fields.get(name) ?? null, value[name], depth + 1)
    if (merged) shape.fields.set(name, merged)
  }
  return shape.fields.size > maxFields ? json(shape.list) : shape
}

/** The shapes of the fields of some objects (nodes, or the values of one object field), `skip` left out. */
export function shapeOfFields(
  objects: Iterable<unknown>,
  depth = 0,
  skip: ReadonlySet<string> = new Set(),
): Map<string, Shape> {
  const fields = new Map<string, Shape>()
  for (const object of objects) {
    if (!isPlainObject(object)) continue
    for (const name of Object.keys(object)) {
      if (skip.has(name) || !graphqlName.test(name)) continue
      const shape = mergeValue(fields.get(name) ?? null, object[name], depth)
      if (shape) fields.set(name, shape)
      if (fields.size > maxFields) return fields
    }
  }
  return fields
}

/** The shape of every value found at one field of some objects. */
export function shapeOfField(objects: Iterable<unknown>, name: string): Shape | null {
  let shape: Shape | null = null
  for (const object of objects) {
    if (!isPlainObject(object) || !Object.prototype.hasOwnProperty.call(object, name)) continue
    shape = mergeValue(shape, object[name], 0)
  }
  return shape
}
