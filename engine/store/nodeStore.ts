import { SheafError } from '../errors.ts'
import { createContentDigest, createFieldsDigest, createNodeId } from './digest.ts'
import { copyFields, defineLazyField } from './lazyField.ts'
import type { NodeInput, SheafNode } from './types.ts'

const reservedInputFields: ReadonlySet<string> = new Set(['id', 'type', 'key', 'parent', 'children', 'internal'])

/** The node store: two maps, by id and by type. Created per build, passed down. */
export class NodeStore {
  private readonly byId = new Map<string, SheafNode>()
  private readonly byType = new Map<string, Map<string, SheafNode>>()
  /**
   * Counts every change to the store: indexes built over its nodes (schema/nodeIndex.ts) are
   * kept while it stays the same, and dropped when it moves.
   */
  revision = 0

  /** Adds (or replaces) a node. Replacing keeps the children list of the old node. */
  createNode(input: NodeInput, owner: string): SheafNode {
    const { id: givenId, key, internal: given } = input
    const type = input.type ?? given?.type
    const parent = typeof input.parent === 'string' ? input.parent : null
    if (typeof type !== 'string' || type === '') {
      throw new SheafError(`createNode (plugin ${owner}) was called without a type.`, {
        hint:
          'pass an object like `{ id, internal: { type: "Author", contentDigest } , ... }` or `{ type: ' +
          '"Author", key: "ada", ... }`.',
      })
    }
    if (given?.owner !== undefined && given.owner !== owner) {
      throw new SheafError(
        `createNode (plugin ${owner}) was given \`internal.owner: ${JSON.stringify(given.owner)}\`.`,
        { hint: 'leave `internal.owner` out: the engine sets it to the plugin that creates the node.' },
      )
    }
    // The fields are copied without reading them: a lazy field (a cached page's body) stays unread.
    const fields: Record<string, unknown> = {}
    copyFields(input, fields, reservedInputFields)
    const id = givenId ?? createNodeId(`${type}:${key ?? JSON.stringify(fields)}`)
    const internal =
      given?.contentDigest !== undefined
        ? { type, contentDigest: given.contentDigest, owner }
        : digestOnRead(fields, type, owner)
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
    this.revision++
    return node
  }

  /** Gatsby's `createParentChildLink`: records `child` under `parent` (and `parent` on `child`). */
  createParentChildLink({ parent, child }: { parent: SheafNode; child: SheafNode }): void {
    const parentNode = this.byId.get(parent?.id)
    const childNode = this.byId.get(child?.id)
    if (!parentNode || !childNode) {
      throw new SheafError('createParentChildLink was given a node that is not in the store.', {
        hint: 'pass nodes returned by createNode or getNode: `createParentChildLink({ parent: node, child })`.',
      })
    }
    if (!parentNode.children.includes(childNode.id)) parentNode.children.push(childNode.id)
    childNode.parent = parentNode.id
    this.revision++
  }

  /**
   * Gatsby's `createNodeField`: sets `node.fields[name]`. The field is part of the node's content,
   * so it is folded into the digest (a page that reads it is re-queried when it changes).
   */
  createNodeField({ node, name, value }: { node: SheafNode; name: string; value: unknown }): SheafNode {
    const current = this.byId.get(node?.id)
    if (!current)
      throw new SheafError('createNodeField was given a node that is not in the store.', {
        hint: 'pass the node onCreateNode received.',
      })
    if (typeof name !== 'string' || !/^[_A-Za-z][_0-9A-Za-z]*$/.test(name) || name.startsWith('__')) {
      throw new SheafError(
        `createNodeField was given the name ${JSON.stringify(name)}, which is not a GraphQL field name.`,
        { hint: 'use letters, digits and _ (not starting with a digit or with __, which GraphQL reserves).' },
      )
    }
    const fields =
      current.fields && typeof current.fields === 'object'
        ? (current.fields as Record<string, unknown>)
        : Object.create(null)
    Object.defineProperty(fields, name, { value, writable: true, enumerable: true, configurable: true })
    current.fields = fields
    current.internal.contentDigest = createContentDigest(
      `${current.internal.contentDigest}\0fields.${name}\0${JSON.stringify(value) ?? ''}`,
    )
    this.revision++
    return current
  }

  /**
   * Shallow-merges fields into a node and folds them into its digest; returns the
   * updated node. `derived`: the fields are a function of the node's own content and
   * of the store's structure (resolved links), so the digest stays as it is.
   */
  updateNode(node: SheafNode, fields: Record<string, unknown>, options: { derived?: boolean } = {}): SheafNode {
    const current = this.byId.get(node.id)
    if (!current)
      throw new SheafError(`updateNode: no node with id \`${node.id}\`.`, {
        hint: 'update a node returned by createNode or getNode.',
      })
    Object.assign(current, fields)
    if (!options.derived)
      current.internal.contentDigest = createContentDigest(
        `${current.internal.contentDigest}\0${JSON.stringify(fields)}`,
      )
    this.revision++
    return current
  }

  deleteNode(id: string): void {
    const node = this.byId.get(id)
    if (!node) return
    this.byId.delete(id)
    this.byType.get(node.type)?.delete(id)
    this.revision++
    for (const child of node.children) this.deleteNode(child)
  }

  getNode(id: string): SheafNode | undefined {
    return this.byId.get(id)
  }

  getNodesByType(type: string): SheafNode[] {
    return [...(this.byType.get(type)?.values() ?? [])]
  }

  /** Every node, in creation order. */
  getNodes(): SheafNode[] {
    return [...this.byId.values()]
  }

  /** The node types the store holds (each with at least one node). */
  types(): string[] {
    return [...this.byType].filter(([, nodes]) => nodes.size > 0).map(([type]) => type)
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
function digestOnRead(fields: Record<string, unknown>, type: string, owner: string): SheafNode['internal'] {
  const created: Record<string, unknown> = {}
  for (const key of Object.keys(fields)) {
    const descriptor = Object.getOwnPropertyDescriptor(fields, key)
    if (!descriptor || !('value' in descriptor)) return { type, contentDigest: createFieldsDigest(fields), owner }
    created[key] = descriptor.value
  }
  // (Defined first: `contentDigest` comes before `owner`, as in a node made with its digest.)
  const internal = { type } as SheafNode['internal']
  defineLazyField(internal, 'contentDigest', () => createFieldsDigest(created))
  internal.owner = owner
  return internal
}
