import type { DefinitionNode } from 'graphql'
import type { NodeStore } from '../../store/nodeStore.ts'
import { declaredTypes, type DeclaredType } from './declaredTypes.ts'
import { graphqlName, shapeOfFields, type Shape } from './inferShape.ts'

/** Node fields every node type has (the `Node` interface), and the store's own bookkeeping. */
const nodeFields: Record<string, string> = { id: 'ID!', parent: 'Node', children: '[Node!]!', internal: 'Internal!' }
const notInferred: ReadonlySet<string> = new Set(['id', 'type', 'parent', 'children', 'internal'])

export interface NodeTypes {
  /** Every node type: declared `implements Node`, or found in the store. */
  names: string[]
  /** SDL that completes them: Node fields, inferred fields and their object types, childX fields. */
  sdl: string
  /** Per node type, the types of its nodes' children (each gets `childX` and `childrenX`). */
  childTypes: Map<string, string[]>
}

const capitalize = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

/** A shape as SDL (nested object shapes become types named after their path, as Gatsby names them). */
function typeOf(shape: Shape, name: string, out: string[], taken: ReadonlySet<string>): string {
  let named: string
  if (shape.kind === 'scalar') named = shape.scalar
  else if (shape.fields.size === 0) named = 'JSON'
  else {
    named = taken.has(name) ? `${name}Inferred` : name
    out.push(`type ${named} {\n${fieldLines(shape.fields, named, out, taken)}\n}`)
  }
  return shape.list ? `[${named}]` : named
}

function fieldLines(fields: Map<string, Shape>, owner: string, out: string[], taken: ReadonlySet<string>): string {
  return [...fields]
    .map(([field, shape]) => `  ${field}: ${typeOf(shape, `${owner}${capitalize(field)}`, out, taken)}`)
    .join('\n')
}

/**
 * SDL for the node types: a type no SDL declares is inferred from its nodes; a declared one gets
 * the fields it does not declare (explicit SDL wins field by field) unless it says `@dontInfer`;
 * each gets the Node fields it lacks, and `childX`/`childrenX` for the types of its children.
 */
export function nodeTypeDefs(definitions: readonly DefinitionNode[], store: NodeStore): NodeTypes {
  const declared = declaredTypes(definitions)
  const names = new Set([
    ...[...declared].filter(([, type]) => type.interfaces.has('Node')).map(([name]) => name),
    ...store.types().filter((name) => graphqlName.test(name)),
  ])
  const taken = new Set(declared.keys())
  const out: string[] = []
  const childTypes = new Map<string, string[]>()
  for (const name of names) {
    const type: DeclaredType = declared.get(name) ?? {
      fields: new Map(),
      interfaces: new Set(),
      directives: new Set(),
      defined: false,
    }
    const lines: string[] = []
    for (const [field, sdl] of Object.entries(nodeFields)) if (!type.fields.has(field)) lines.push(`  ${field}: ${sdl}`)
    if (!type.directives.has('dontInfer')) {
      const inferred = shapeOfFields(store.getNodesByType(name), 0, notInferred)
      for (const field of type.fields.keys()) inferred.delete(field)
      if (inferred.size > 0) lines.push(fieldLines(inferred, name, out, taken))
    }
    const children = childTypesOf(store, name)
    childTypes.set(name, children)
    for (const child of children) {
      if (!type.fields.has(`child${child}`)) lines.push(`  child${child}: ${child}`)
      if (!type.fields.has(`children${child}`)) lines.push(`  children${child}: [${child}!]!`)
    }
    const implementsNode = type.interfaces.has('Node') ? '' : ' implements Node'
    const keyword = type.defined ? 'extend type' : 'type'
    if (lines.length > 0 || implementsNode)
      out.push(`${keyword} ${name}${implementsNode}${lines.length > 0 ? ` {\n${lines.join('\n')}\n}` : ''}`)
  }
  return { names: [...names], sdl: out.join('\n\n'), childTypes }
}

/**
 * The types found among the children of a type's nodes (as Gatsby 3+, each gets `childX: X` and `childrenX: [X!]!`).
 */
function childTypesOf(store: NodeStore, name: string): string[] {
  const types = new Set<string>()
  for (const node of store.getNodesByType(name)) {
    for (const id of node.children) {
      const child = store.getNode(id)
      if (child && graphqlName.test(child.type)) types.add(child.type)
    }
  }
  return [...types].sort()
}
