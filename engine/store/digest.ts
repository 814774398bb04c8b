import { createHash } from 'node:crypto'

/** A stable digest of a string or a JSON-serialisable value (sha1, hex). */
export function createContentDigest(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return createHash('sha1').update(text).digest('hex')
}

/** A deterministic node id from a seed. */
export function createNodeId(seed: string): string {
  return createHash('sha1').update(`sheaf-node:${seed}`).digest('hex').slice(0, 20)
}
