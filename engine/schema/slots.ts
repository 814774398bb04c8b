import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  visit,
  type DocumentNode,
  type FieldNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql'

/**
 * Layout slots: a theme marks a field an optional plugin adds with `@slot`
 * (`searchIndex(path: $path) @slot`). When the schema has the field, the query
 * runs as written; when it does not (the site has no such plugin), the field is
 * left out before validation, and the result has no key for it. So one theme
 * builds with any subset of plugins, and renders a plugin's part only when its
 * data is there. Fields without `@slot` are checked as always: a typo still fails.
 */
export const slotDirective = 'slot'

/** Whether a selected field carries `@slot`. */
export function isSlot(field: FieldNode): boolean {
  return field.directives?.some((directive) => directive.name.value === slotDirective) ?? false
}

/** The document without the `@slot` fields the schema lacks (the same document when it has them all). */
export function dropAbsentSlots(schema: GraphQLSchema, document: DocumentNode): DocumentNode {
  let dropped = false
  const operations = document.definitions.map((definition) => {
    if (definition.kind !== Kind.OPERATION_DEFINITION) return definition
    const root = schema.getRootType(definition.operation)
    if (!root) return definition
    const selectionSet = pruneSelections(root, definition.selectionSet, () => (dropped = true))
    if (selectionSet === definition.selectionSet) return definition
    return withoutUnusedVariables({ ...definition, selectionSet })
  })
  return dropped ? { ...document, definitions: operations } : document
}

function pruneSelections(
  parent: GraphQLNamedType,
  selectionSet: SelectionSetNode,
  onDrop: () => void,
): SelectionSetNode {
  if (!isObjectType(parent) && !isInterfaceType(parent)) return selectionSet
  const fields = parent.getFields()
  let changed = false
  const selections = selectionSet.selections.flatMap((selection) => {
    if (selection.kind !== Kind.FIELD || selection.name.value.startsWith('__')) return [selection]
    const field = fields[selection.name.value]
    if (!field) {
      if (!isSlot(selection)) return [selection]
      changed = true
      onDrop()
      return []
    }
    if (!selection.selectionSet) return [selection]
    const inner = pruneSelections(getNamedType(field.type), selection.selectionSet, onDrop)
    if (inner === selection.selectionSet) return [selection]
    changed = true
    return [{ ...selection, selectionSet: inner }]
  })
  if (!changed) return selectionSet
  // A selection set may not be empty: `__typename` keeps a query whose every field was a slot valid.
  const typename = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } } as const
  return { ...selectionSet, selections: selections.length ? selections : [typename] }
}

/** Drops the variables only dropped fields used (`$path` of a layout with no core field would be "never used"). */
function withoutUnusedVariables(operation: OperationDefinitionNode): OperationDefinitionNode {
  const used = new Set<string>()
  visit(operation.selectionSet, { Variable: (node) => void used.add(node.name.value) })
  const variableDefinitions = operation.variableDefinitions?.filter((entry) => used.has(entry.variable.name.value))
  return { ...operation, variableDefinitions }
}
