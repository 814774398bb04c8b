import { hash } from 'node:crypto'

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
