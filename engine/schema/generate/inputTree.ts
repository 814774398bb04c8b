import {
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql'
import type { Shape } from './inferShape.ts'

/** What a type offers to filter, sort and select on: its stored fields, scalars or objects. */
export type InputNode =
  | { kind: 'scalar'; scalar: 'String' | 'Int' | 'Float' | 'Boolean' | 'JSON' }
  | { kind: 'object'; name: string; fields: Map<string, { node: InputNode; list: boolean }> }

export interface TreeSources {
  schema: GraphQLSchema
  /** Fields a resolver computes (`Type.field`): not on the node, so not filterable. */
  computed: ReadonlySet<string>
  /** Shapes of JSON fields marked `@inferInputs`, from their values (`Page.frontmatter`). */
  shapes: ReadonlyMap<string, Shape>
}

const capitalize = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

function isList(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type)
}

function scalarOf(name: string): InputNode {
  if (name === 'String' || name === 'ID') return { kind: 'scalar', scalar: 'String' }
  if (name === 'Int' || name === 'Float' || name === 'Boolean') return { kind: 'scalar', scalar: name }
  return { kind: 'scalar', scalar: 'JSON' }
}

function fromShape(shape: Shape, name: string): InputNode {
  if (shape.kind === 'scalar') return { kind: 'scalar', scalar: shape.scalar }
  const fields = new Map<string, { node: InputNode; list: boolean }>()
  for (const [field, inner] of shape.fields)
    fields.set(field, { node: fromShape(inner, `${name}${capitalize(field)}`), list: inner.list })
  return fields.size > 0 ? { kind: 'object', name, fields } : { kind: 'scalar', scalar: 'JSON' }
}

/** The input tree of an object type (memoised by name; a type that contains itself refers to itself). */
export function inputTree(sources: TreeSources, typeName: string, memo = new Map<string, InputNode>()): InputNode {
  const known = memo.get(typeName)
  if (known) return known
  const type = sources.schema.getType(typeName)
  if (!isObjectType(type)) return scalarOf(typeName)
  const fields = new Map<string, { node: InputNode; list: boolean }>()
  const tree: InputNode = { kind: 'object', name: typeName, fields }
  memo.set(typeName, tree)
  for (const [name, field] of Object.entries(type.getFields())) {
    if (
      name === 'parent' ||
      name === 'children' ||
      sources.computed.has(`${typeName}.${name}`) ||
      field.args.length > 0
    )
      continue
    const shape = sources.shapes.get(`${typeName}.${name}`)
    const named = getNamedType(field.type)
    let node: InputNode
    if (shape) node = fromShape(shape, `${typeName}${capitalize(name)}`)
    else if (isScalarType(named)) node = scalarOf(named.name)
    else if (isEnumType(named)) node = { kind: 'scalar', scalar: 'String' }
    else if (isObjectType(named)) node = inputTree(sources, named.name, memo)
    else continue
    if (node.kind === 'object' && node.fields.size === 0) continue
    fields.set(name, { node, list: isList(field.type) || shape?.list === true })
  }
  return tree
}
