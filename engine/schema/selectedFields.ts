import { getNamedType, isObjectType, type FieldNode, type GraphQLResolveInfo } from 'graphql'

/**
 * The node fields a query selects under the field being resolved, for read
 * tracking: a layout listing every page's `path title` has not read their
 * bodies, so a body edit need not re-run it.
 *
 * Undefined means "assume the whole node was read": when the selection uses
 * fragments (resolved against the type, not worth expanding here) or a field
 * with its own resolver (a plugin's `extend type Page { x }` may read
 * anything on the node).
 */
export function selectedFields(info: GraphQLResolveInfo | undefined): string[] | undefined {
  if (!info) return undefined
  const type = getNamedType(info.returnType)
  if (!isObjectType(type)) return undefined
  const typeFields = type.getFields()
  const names = new Set<string>()
  for (const fieldNode of info.fieldNodes) {
    for (const selection of fieldNode.selectionSet?.selections ?? []) {
      if (selection.kind !== 'Field') return undefined
      const name = (selection as FieldNode).name.value
      if (name === '__typename') continue
      const field = typeFields[name]
      if (!field || field.resolve) return undefined
      names.add(name)
    }
  }
  return [...names]
}
