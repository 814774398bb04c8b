import type { GraphQLResolveInfo } from 'graphql'
import type { SheafNode } from '../store/types.ts'
import { selectedFields } from './selectedFields.ts'
import type { GraphQLResolverMap, QueryContext } from './types.ts'

/** A node read by id, recorded (in the fields the query selects of it, when known). */
function readNode(context: QueryContext, id: unknown, info: GraphQLResolveInfo, type?: string): SheafNode | null {
  if (typeof id !== 'string') return null
  const node = context.store.getNode(id)
  if (!node || (type && node.type !== type)) return null
  context.track(node.id, selectedFields(info))
  return node
}

/**
 * `parent`, `children` and `childX`/`childrenX` of every node type, and how the `Node` interface
 * tells a node's type. Children are read through the store, recorded like any other read.
 */
export function nodeResolvers(
  nodeTypes: readonly string[],
  childFields: ReadonlyMap<string, string[]>,
): GraphQLResolverMap {
  const map: GraphQLResolverMap = {
    Node: { __resolveType: (node: SheafNode) => node.internal?.type ?? node.type },
  }
  for (const type of nodeTypes) {
    const fields: Record<string, unknown> = {
      parent: (node: SheafNode, _args: unknown, context: QueryContext, info: GraphQLResolveInfo) =>
        readNode(context, node.parent, info),
      children: (node: SheafNode, _args: unknown, context: QueryContext, info: GraphQLResolveInfo) =>
        node.children.map((id) => readNode(context, id, info)).filter(Boolean),
    }
    for (const child of childFields.get(type) ?? []) {
      fields[`child${child}`] = (node: SheafNode, _args: unknown, context: QueryContext, info: GraphQLResolveInfo) => {
        for (const id of node.children) {
          const found = readNode(context, id, info, child)
          if (found) return found
        }
        return null
      }
      fields[`children${child}`] = (node: SheafNode, _args: unknown, context: QueryContext, info: GraphQLResolveInfo) =>
        node.children.map((id) => readNode(context, id, info, child)).filter(Boolean)
    }
    map[type] = fields
  }
  return map
}
