import { Kind, type DefinitionNode, type FieldDefinitionNode } from 'graphql'

/** What the SDL says of one object type, its definition and extensions together. */
export interface DeclaredType {
  fields: Map<string, FieldDefinitionNode>
  interfaces: Set<string>
  directives: Set<string>
  /** Declared with `type X` (not only extended). */
  defined: boolean
}

/** The object types the SDL declares, by name (definitions and `extend type` merged). */
export function declaredTypes(definitions: readonly DefinitionNode[]): Map<string, DeclaredType> {
  const types = new Map<string, DeclaredType>()
  for (const definition of definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue
    let type = types.get(definition.name.value)
    if (!type)
      types.set(
        definition.name.value,
        (type = { fields: new Map(), interfaces: new Set(), directives: new Set(), defined: false }),
      )
    if (definition.kind === Kind.OBJECT_TYPE_DEFINITION) type.defined = true
    for (const field of definition.fields ?? []) type.fields.set(field.name.value, field)
    for (const face of definition.interfaces ?? []) type.interfaces.add(face.name.value)
    for (const directive of definition.directives ?? []) type.directives.add(directive.name.value)
  }
  return types
}
