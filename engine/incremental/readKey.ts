import { createHash } from 'node:crypto'
import type { NodeStore } from '../store/nodeStore.ts'

/**
 * What a query read of a node: the whole node, or only some of its fields.
 *
 * Why fields: a sidebar shows its pages' titles and links, not their bodies.
 * When a page that lists 200 sidebar-mates recorded whole nodes, a one-word
 * body edit on any of them made all 200 run their queries again (at N = 1,000
 * that was most of a rebuild). Recording the fields read lets the cache ask the
 * narrower question: did what this page saw change?
 */
const separator = '\u0000'

/**
 * Fields that derive from a page's source as a whole: a read of any of them counts as a
 * read of the whole node. The content digest already covers them, and serialising a body
 * to digest a projection of it cost more (a quarter of a second at N = 1,000) than the
 * narrower check could save: a page's template reads its own body anyway.
 */
const wholeNodeFields = new Set(['body', 'rawBody', 'text', 'sections', 'html'])

/** Sorted field lists by the array they came in (sidebars pass the same constant array for every read). */
const signatures = new WeakMap<readonly string[], string | null>()
/**
 * Keys by field list and node: a page of a 1,000-page section records 1,000 reads, and 5,000 such pages built a new
 * string for each.
 */
const interned = new Map<string, Map<string, string>>()

/** The key of a read: the node id, and the sorted fields when only those were read. */
export function readKey(nodeId: string, fields?: readonly string[]): string {
  if (!fields) return nodeId
  let signature = signatures.get(fields)
  if (signature === undefined) {
    signature = fields.some((field) => wholeNodeFields.has(field)) ? null : [...fields].sort().join(',')
    signatures.set(fields, signature)
  }
  if (signature === null) return nodeId
  let byNode = interned.get(signature)
  if (!byNode) interned.set(signature, (byNode = new Map()))
  let key = byNode.get(nodeId)
  if (key === undefined) byNode.set(nodeId, (key = `${nodeId}${separator}${signature}`))
  return key
}

/** Forgets interned keys (between builds in one process, so the table does not grow with every store). */
export function clearReadKeys(): void {
  interned.clear()
}

/** Marks a read of a whole type (no node id starts with it). */
const typeMark = '\u0001'

/**
 * The key of a read of some fields of every node of a type: what a filter or a sort over the type
 * decided its result by. One key however many nodes (a filtered list at 5,000 pages recorded 5,000).
 */
export function typeReadKey(type: string, fields: readonly string[]): string {
  return `${typeMark}${type}${separator}${[...new Set(fields)].sort().join(',')}`
}

/** The type and fields of a type read; null for a read of one node. */
export function parseTypeRead(key: string): { type: string; fields: string[] } | null {
  if (!key.startsWith(typeMark)) return null
  const at = key.indexOf(separator)
  return { type: key.slice(1, at), fields: key.slice(at + 1).split(',') }
}

/**
 * What a type read saw: every node's id and those fields (a whole-node field: its content digest),
 * by id. A node added, removed, or changed in one of the fields changes it.
 */
function typeReadDigest(store: NodeStore, type: string, fields: readonly string[]): string {
  const whole = fields.some((field) => wholeNodeFields.has(field))
  const nodes = store.getNodesByType(type).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const hash = createHash('sha1')
  for (const node of nodes) {
    const seen = whole ? node.internal.contentDigest : JSON.stringify(fields.map((field) => node[field] ?? null))
    hash.update(`${node.id}${separator}${seen}\n`)
  }
  return hash.digest('base64url')
}

export function parseReadKey(key: string): { nodeId: string; fields: string[] | null } {
  const at = key.indexOf(separator)
  return at === -1 ? { nodeId: key, fields: null } : { nodeId: key.slice(0, at), fields: key.slice(at + 1).split(',') }
}

/**
 * Digests of reads against one store, memoised: pages of a section read the
 * same sidebar-mates' fields, so each (node, fields) digest is computed once.
 */
export class ReadDigests {
  private readonly memo = new Map<string, string>()

  constructor(private readonly store: NodeStore) {}

  /**
   * The digest of what a read saw; '-' when the node is gone. `known` is a digest of
   * the same read taken when the node's content digest was `known.node`: while the
   * node is unchanged it still holds, and the fields (a page body among them, often)
   * are not serialised again.
   */
  of(key: string, known?: { node: string; digest: string }): string {
    let digest = this.memo.get(key)
    if (digest !== undefined) return digest
    const typeRead = parseTypeRead(key)
    if (typeRead) {
      digest = typeReadDigest(this.store, typeRead.type, typeRead.fields)
      this.memo.set(key, digest)
      return digest
    }
    const { nodeId, fields } = parseReadKey(key)
    const node = this.store.getNode(nodeId)
    if (!node) digest = '-'
    else if (!fields) digest = node.internal.contentDigest
    else if (known && known.node === node.internal.contentDigest) digest = known.digest
    else
      digest = createHash('sha1')
        .update(JSON.stringify(fields.map((field) => node[field] ?? null)))
        .digest('base64url')
    this.memo.set(key, digest)
    return digest
  }

  /**
   * The content digest of the read's node now ('-' when it is gone; '*' for a type read, whose
   * digest is always taken anew).
   */
  nodeDigest(key: string): string {
    if (parseTypeRead(key)) return '*'
    return this.store.getNode(parseReadKey(key).nodeId)?.internal.contentDigest ?? '-'
  }

  /** Whether the read's node still exists. */
  exists(key: string): boolean {
    return this.of(key) !== '-'
  }
}
