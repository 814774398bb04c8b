import { createHash, hash } from 'node:crypto'

// `hash` is Node's one-shot digest (Node >= 20.12): the same sha1 as createHash's, without a
// Hash object per call, which cost more than the hashing for the dev server's outline (three
// digests a page: 5,000 pages spent about a third of their outline's CPU making Hash objects).

/** A stable digest of a string or a JSON-serialisable value (sha1, hex). */
export function createContentDigest(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return hash('sha1', text, 'hex')
}

/** A deterministic node id from a seed. */
export function createNodeId(seed: string): string {
  return hash('sha1', `sheaf-node:${seed}`, 'hex').slice(0, 20)
}

/**
 * A node's digest from its fields: a digest of what `JSON.stringify(fields)` would say (the same
 * fields, in the same order, tell the same values apart), made without that string. A string
 * field goes into the hash as it is, after its length: a File node's content (most of its size)
 * was escaped into a copy first, 0.2 s of a 5,000-page dev start's outline.
 */
export function createFieldsDigest(fields: Record<string, unknown>): string {
  const digest = createHash('sha1')
  for (const key of Object.keys(fields)) {
    const value = fields[key]
    // (A string with a lone surrogate would be hashed as U+FFFD: it goes the JSON way, which keeps
    // it apart. `isWellFormed` is in Node 20, not in the TypeScript lib this project targets.)
    if (typeof value === 'string' && (value as string & { isWellFormed(): boolean }).isWellFormed()) {
      digest.update(`${JSON.stringify(key)}s${value.length}:`).update(value)
      continue
    }
    // What JSON.stringify leaves out of an object (undefined, functions, symbols) is left out here too.
    const json = JSON.stringify(value) as string | undefined
    if (json !== undefined) digest.update(`${JSON.stringify(key)}j${json}\0`)
  }
  return digest.digest('hex')
}
