/**
 * Defines `name` on `target` as a field computed on first read, then kept as a
 * plain value (writing it first just sets it). The field is enumerable, so
 * spreading or serialising the object reads it as usual.
 *
 * Why: a rebuild of a big site reads a thousand cached pages whose bodies it
 * never renders; parsing those bodies was most of its transform phase.
 */
export function defineLazyField<T extends object>(target: T, name: string, compute: () => unknown): void {
  withAccessors.add(target)
  const settle = (object: object, value: unknown) =>
    Object.defineProperty(object, name, { value, writable: true, enumerable: true, configurable: true })
  Object.defineProperty(target, name, {
    enumerable: true,
    configurable: true,
    get(this: object) {
      const value = compute()
      settle(this, value)
      return value
    },
    set(this: object, value: unknown) {
      settle(this, value)
    },
  })
}

/**
 * Defines `name` on `target` as a field computed on every read, never kept (writing it sets a
 * plain value). `compute` is called with the object read as `this`, so a copy of the field
 * (see copyFields) computes for its own object.
 *
 * Why: a one-shot build reads a page's body from the markdown cache for its render only; kept on
 * the node, every body of a 5,000-page site stayed in memory until the build ended.
 */
export function defineComputedField<T extends object>(target: T, name: string, compute: (this: T) => unknown): void {
  withAccessors.add(target)
  Object.defineProperty(target, name, {
    enumerable: true,
    configurable: true,
    get(this: T) {
      return compute.call(this)
    },
    set(this: object, value: unknown) {
      Object.defineProperty(this, name, { value, writable: true, enumerable: true, configurable: true })
    },
  })
}

/**
 * The objects given a lazy or computed field (and copies of them): only these need copyFields'
 * careful copy. (A WeakSet: it keeps nothing alive.)
 */
const withAccessors = new WeakSet<object>()

/**
 * Copies own fields, lazy ones (see defineLazyField) included, without reading them. A plain
 * field is assigned (defining each one cost twice as much: 30 ms for a thousand pages' nodes).
 * An object that has no lazy field is copied key by key: its property descriptors alone were
 * 20-25 ms a thousand nodes (most nodes: files, outline pages). Such an object's own enumerable
 * string keys are what it holds (a node is JSON-like); a getter of its own is read as it is copied.
 */
export function copyFields(source: object, target: object, skip: ReadonlySet<string>): void {
  if (!withAccessors.has(source)) {
    for (const name of Object.keys(source)) {
      if (skip.has(name)) continue
      const value = (source as Record<string, unknown>)[name]
      // (`__proto__` is defined, never assigned: assigning it would set the prototype.)
      if (name === '__proto__')
        Object.defineProperty(target, name, { value, writable: true, enumerable: true, configurable: true })
      else (target as Record<string, unknown>)[name] = value
    }
    return
  }
  const descriptors = Object.getOwnPropertyDescriptors(source)
  for (const name in descriptors) {
    if (skip.has(name)) continue
    const descriptor = descriptors[name]
    if (
      name !== '__proto__' &&
      descriptor.get === undefined &&
      descriptor.set === undefined &&
      descriptor.writable &&
      descriptor.enumerable &&
      descriptor.configurable
    )
      (target as Record<string, unknown>)[name] = descriptor.value
    else {
      Object.defineProperty(target, name, descriptor)
      if (descriptor.get !== undefined) withAccessors.add(target)
    }
  }
}
