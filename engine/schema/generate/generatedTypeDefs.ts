import { getDirective } from '@graphql-tools/utils'
import { isObjectType, type GraphQLSchema } from 'graphql'
import type { NodeStore } from '../../store/nodeStore.ts'
import { shapeOfField, type Shape } from './inferShape.ts'
import { inputTree, type InputNode } from './inputTree.ts'
import { sharedInputTypeDefs, writeInputTypes } from './inputTypeDefs.ts'
import { rootFieldNames, rootFieldTypeDefs } from './rootFields.ts'

/** Shapes of the JSON fields marked `@inferInputs`, from the values the nodes hold. */
function inferredShapes(schema: GraphQLSchema, nodeTypes: readonly string[], store: NodeStore): Map<string, Shape> {
  const shapes = new Map<string, Shape>()
  for (const name of nodeTypes) {
    const type = schema.getType(name)
    if (!isObjectType(type)) continue
    for (const field of Object.values(type.getFields())) {
      if (!getDirective(schema, field, 'inferInputs')?.length) continue
      const shape = shapeOfField(store.getNodesByType(name), field.name)
      if (shape) shapes.set(`${name}.${field.name}`, shape)
    }
  }
  return shapes
}

/** `name: StringQueryOperatorInput, ...`: the arguments of `author(...)`, one per filterable field. */
function filterArguments(tree: InputNode): string {
  if (tree.kind !== 'object') return ''
  return [...tree.fields]
    .map(
      ([field, { node, list }]) =>
        `${field}: ${node.kind === 'scalar' ? `${node.scalar}QueryOperatorInput` : `${node.name}${list ? 'FilterListInput' : 'FilterInput'}`}`,
    )
    .join(', ')
}

/** The generated SDL: operator inputs, each node type's filter/sort/selector inputs, connections and root fields. */
export function generatedTypeDefs(
  schema: GraphQLSchema,
  nodeTypes: readonly string[],
  computed: ReadonlySet<string>,
  store: NodeStore,
): string {
  const sources = { schema, computed, shapes: inferredShapes(schema, nodeTypes, store) }
  const inputs = new Map<string, string>()
  const roots: string[] = []
  const queryFields = schema.getQueryType()?.getFields() ?? {}
  const memo = new Map<string, InputNode>()
  for (const name of nodeTypes) {
    if (!isObjectType(schema.getType(name))) continue
    const tree = inputTree(sources, name, memo)
    writeInputTypes(tree, inputs)
    const { one, all } = rootFieldNames(name)
    roots.push(rootFieldTypeDefs(name, filterArguments(tree), { one: one in queryFields, all: all in queryFields }))
  }
  return [sharedInputTypeDefs, ...inputs.values(), ...roots].join('\n')
}
