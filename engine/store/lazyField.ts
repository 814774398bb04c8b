/**
 * Defines `name` on `target` as a field computed on first read, then kept as a
 * plain value (writing it first just sets it). The field is enumerable, so
 * spreading or serialising the object reads it as usual.
 *
 * Why: a rebuild of a big site reads a thousand cached pages whose bodies it
 * never renders; parsing those bodies was most of its transform phase.
 */
export function defineLazyField<T extends object>(target: T, name: string, compute: () => unknown): void {
  const settle = (object: object, value: unknown) => Object.defineProperty(object, name, { value, writable: true, enumerable: true, configurable: true })
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

/** Copies own fields, lazy ones (see defineLazyField) included, without reading them. */
export function copyFields(source: object, target: object, skip: ReadonlySet<string>): void {
  for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(source))) {
    if (!skip.has(name)) Object.defineProperty(target, name, descriptor)
  }
}
