import {
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql'
import { SheafError } from '../errors.ts'
import { validateQuery } from '../schema/runQuery.ts'
import { dropAbsentSlots, isSlot } from '../schema/slots.ts'

const scalarTypes: Record<string, string> = {
  String: 'string',
  ID: 'string',
  Int: 'number',
  Float: 'number',
  Boolean: 'boolean',
  JSON: 'unknown',
}

/** The type imports a query's type needs: module -> names (from fields' `@ts(import, from)`). */
export type TypeImports = Map<string, Set<string>>

/**
 * The TypeScript type of a query's result, from the schema: nullable fields
 * become `T | null`, lists arrays, enums unions, objects only the selected
 * fields. A query that does not validate throws, naming `source`.
 */
export function queryToType(
  schema: GraphQLSchema,
  query: string,
  source: string,
  imports: TypeImports = new Map(),
): string {
  const errors = validateQuery(schema, query)
  if (errors.length > 0) {
    throw new SheafError(`The query does not match the schema: ${errors.join('; ')}`, {
      file: source,
      hint: 'fix the field names (`npx sheaf query` or /___graphql in dev shows the schema).',
    })
  }
  // A `@slot` field the schema lacks is not in the result: it has no type either (slots.ts).
  const document = dropAbsentSlots(schema, parse(query))
  const operation = document.definitions.find((definition) => definition.kind === 'OperationDefinition')
  if (!operation || operation.kind !== 'OperationDefinition')
    throw new SheafError('The query has no operation.', {
      file: source,
      hint: 'write `query ($path: String!) { ... }`.',
    })
  return selectionType(schema.getQueryType() as GraphQLObjectType, operation.selectionSet, 1, imports)
}

function selectionType(
  parent: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  depth: number,
  imports: TypeImports,
): string {
  const fields: string[] = []
  for (const selection of selectionSet.selections) {
    if (selection.kind === 'Field') {
      if (selection.name.value === '__typename') {
        fields.push(`__typename: '${parent.name}'`)
        continue
      }
      const field = parent.getFields()[selection.name.value]
      const key = selection.alias?.value ?? selection.name.value
      const declared = declaredType(field, imports)
      const nullable = declared && !isNonNullType(field.type) ? `${declared} | null` : declared
      const type = nullable || outputType(field.type, selection.selectionSet, depth, imports)
      // A slot's plugin may be absent from a site: the key may be missing, whatever this schema says.
      fields.push(`${key}${isSlot(selection) ? '?' : ''}: ${type}`)
    } else if (selection.kind === 'InlineFragment') {
      const inner = selectionType(parent, selection.selectionSet, depth, imports)
      fields.push(inner.slice(1, -1).trim())
    }
  }
  const indent = '  '.repeat(depth)
  return `{\n${fields.map((field) => `${indent}${field}`).join('\n')}\n${'  '.repeat(depth - 1)}}`
}

/**
 * A field's TypeScript type from its `@ts(type, import, from)` directive (see coreTypeDefs.ts),
 * with the names it imports recorded; undefined without one.
 */
function declaredType(field: GraphQLField<unknown, unknown>, imports: TypeImports): string | undefined {
  const directive = field.astNode?.directives?.find((node) => node.name.value === 'ts')
  if (!directive) return undefined
  const argument = (name: string) => {
    const value = directive.arguments?.find((node) => node.name.value === name)?.value
    return value?.kind === 'StringValue' ? value.value : undefined
  }
  const from = argument('from')
  const names = (argument('import') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  if (from && names.length > 0) {
    const set = imports.get(from) ?? new Set<string>()
    for (const name of names) set.add(name)
    imports.set(from, set)
  }
  return argument('type')
}

function outputType(
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  depth: number,
  imports: TypeImports,
): string {
  if (isNonNullType(type)) return innerType(type.ofType, selectionSet, depth, imports)
  return `${innerType(type, selectionSet, depth, imports)} | null`
}

function innerType(
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  depth: number,
  imports: TypeImports,
): string {
  if (isListType(type)) {
    const element = outputType(type.ofType, selectionSet, depth, imports)
    return element.includes('|') ? `Array<${element}>` : `${element}[]`
  }
  const named = getNamedType(type)
  if (isScalarType(named)) return scalarTypes[named.name] ?? 'unknown'
  if (isEnumType(named))
    return named
      .getValues()
      .map((value) => `'${value.name}'`)
      .join(' | ')
  if (isObjectType(named) && selectionSet) return selectionType(named, selectionSet, depth + 1, imports)
  return 'unknown'
}
