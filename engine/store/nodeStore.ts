import { SheafError } from '../errors.ts'
import { createContentDigest, createFieldsDigest, createNodeId } from './digest.ts'
import { copyFields, defineLazyField } from './lazyField.ts'
import type { NodeInput, SheafNode } from './types.ts'

const reservedInputFields: ReadonlySet<string> = new Set(['id', 'type', 'key', 'parent', 'internal'])

/** The node store: two maps, by id and by type. Created per build, passed down. */
export class NodeStore {
  private readonly byId = new Map<string, SheafNode>()
  private readonly byType = new Map<string, Map<string, SheafNode>>()

  /** Adds (or replaces) a node. Replacing keeps the children list of the old node. */
  createNode(input: NodeInput, owner: string): SheafNode {
    const { id: givenId, type, key, parent = null, internal: given } = input
    if (typeof type !== 'string' || type === '') {
      throw new SheafError('createNode was called without a `type`.', { hint: 'pass an object like `{ type: "File", key: "a/b.md", ... }`.' })
    }
    // The fields are copied without reading them: a lazy field (a cached page's body) stays unread.
    const fields: Record<string, unknown> = {}
    copyFields(input, fields, reservedInputFields)
    const id = givenId ?? createNodeId(`${type}:${key ?? JSON.stringify(fields)}`)
    const internal = given?.contentDigest !== undefined ? { contentDigest: given.contentDigest, owner } : digestOnRead(fields, owner)
    const node = fields as SheafNode
    node.id = id
    node.type = type
    node.parent = parent
    node.children = this.byId.get(id)?.children ?? []
    node.internal = internal
    this.byId.set(id, node)
    this.typeMap(type).set(id, node)
    if (parent) {
      const parentNode = this.byId.get(parent)
      if (parentNode && !parentNode.children.includes(id)) parentNode.children.push(id)
    }
    return node
  }

  /**
   * Shallow-merges fields into a node and folds them into its digest; returns the
   * updated node. `derived`: the fields are a function of the node's own content and
   * of the store's structure (resolved links), so the digest stays as it is.
   */
  updateNode(node: SheafNode, fields: Record<string, unknown>, options: { derived?: boolean } = {}): SheafNode {
    const current = this.byId.get(node.id)
    if (!current) throw new SheafError(`updateNode: no node with id \`${node.id}\`.`, { hint: 'update a node returned by createNode or getNode.' })
    Object.assign(current, fields)
    if (!options.derived) current.internal.contentDigest = createContentDigest(`${current.internal.contentDigest}\0${JSON.stringify(fields)}`)
    return current
  }

  deleteNode(id: string): void {
    const node = this.byId.get(id)
    if (!node) return
    this.byId.delete(id)
    this.byType.get(node.type)?.delete(id)
    for (const child of node.children) this.deleteNode(child)
  }

  getNode(id: string): SheafNode | undefined {
    return this.byId.get(id)
  }

  getNodesByType(type: string): SheafNode[] {
    return [...(this.byType.get(type)?.values() ?? [])]
  }

  get size(): number {
    return this.byId.size
  }

  private typeMap(type: string): Map<string, SheafNode> {
    let map = this.byType.get(type)
    if (!map) {
      map = new Map()
      this.byType.set(type, map)
    }
    return map
  }
}

/**
 * A node's `internal` whose digest of its fields is made when first read, from the fields as they
 * were created (a copy: a later `updateNode` folds its fields into the digest itself).
 *
 * Why: the dev server's outline creates a File node per source, whose digest hashes the file's
 * content (5,000 pages: 0.13-0.16 s of the main thread before the first page), and reads none
 * of them until the background pass compares its store with the full load's. A node with a lazy
 * field (a getter) is digested now, as its getter may depend on the node itself.
 */
function digestOnRead(fields: Record<string, unknown>, owner: string): SheafNode['internal'] {
  const created: Record<string, unknown> = {}
  for (const key of Object.keys(fields)) {
    const descriptor = Object.getOwnPropertyDescriptor(fields, key)
    if (!descriptor || !('value' in descriptor)) return { contentDigest: createFieldsDigest(fields), owner }
    created[key] = descriptor.value
  }
  // (Defined first: `contentDigest` comes before `owner`, as in a node made with its digest.)
  const internal = {} as SheafNode['internal']
  defineLazyField(internal, 'contentDigest', () => createFieldsDigest(created))
  internal.owner = owner
  return internal
}

