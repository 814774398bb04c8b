/** A node as plugins hand it to `createNode`. */
export interface NodeInput {
  /** Kept when given; otherwise derived deterministically from type and `key`. */
  id?: string
  /** The node type; Gatsby's spelling, `internal: { type }`, is accepted too. */
  type?: string
  /** A stable key (e.g. a relative file path) that the id is derived from when `id` is absent. */
  key?: string
  parent?: string | null
  /**
   * A digest the creator vouches for (as in Gatsby): it must change whenever any
   * field does. Saves hashing a large node whose fields all derive from content the
   * creator has already hashed (a page from its markdown). Default: a digest of the fields.
   */
  internal?: { type?: string; contentDigest?: string; owner?: string }
  /** Ignored (as in Gatsby): children are made with `createParentChildLink` or a child's `parent`. */
  children?: unknown
  [field: string]: unknown
}

/** A node in the store. */
export interface SheafNode {
  id: string
  type: string
  parent: string | null
  children: string[]
  internal: {
    /** The node type (the same as `type`), as Gatsby spells it. */
    type: string
    contentDigest: string
    /** The plugin that created the node. */
    owner: string
  }
  [field: string]: unknown
}
