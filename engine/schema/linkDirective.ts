import { getDirective, MapperKind, mapSchema } from '@graphql-tools/utils'
import {
  getNamedType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLFieldConfig,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from 'graphql'
import { SheafError } from '../errors.ts'
import type { SheafNode } from '../store/types.ts'
import { defaultOrders } from './defaultOrders.ts'
import { trackedQuery } from './nodeModel.ts'
import { valueAt } from './query/fieldPath.ts'
import type { LinkMap, LinkSpec, QueryScope } from './query/linkedFields.ts'
import { sdlLocation } from './sdlLocation.ts'
import { selectedFields } from './selectedFields.ts'
import type { QueryContext } from './types.ts'

function hasLinks(schema: GraphQLSchema): boolean {
  return Object.values(schema.getTypeMap()).some(
    (type) =>
      isObjectType(type) &&
      Object.values(type.getFields()).some((field) =>
        field.astNode?.directives?.some((directive) => directive.name.value === 'link'),
      ),
  )
}

export const linkDirectiveTypeDefs =
  /* GraphQL */ `
  "Gatsby's @link: the field holds the nodes whose \`by\` (a dotted path, default id) ` +
  `equals this node's \`from\` (default the field's own name); one or many, either way."
  directive @link(by: ` +
  `String! = "id", from: String, on: String) on FIELD_DEFINITION
`

function isList(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type)
}

/** `{ a: { b: { in: values } } }` from `a.b`. */
function filterAt(path: readonly string[], values: unknown[]): Record<string, unknown> {
  return path.reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), { in: values })
}

/** The `@link` fields of each schema's node types: filters and sorts follow them (query/linkedFields.ts). */
const linkMaps = new WeakMap<GraphQLSchema, LinkMap>()

/** How queries over this schema's nodes find their way: the default orders, and its `@link` fields. */
export function queryScope(schema: GraphQLSchema): QueryScope {
  return { orders: defaultOrders, links: linkMaps.get(schema) }
}

function linkResolver(target: string, by: string[], from: string[], list: boolean) {
  return (source: SheafNode, _args: unknown, context: QueryContext, info: GraphQLResolveInfo) => {
    const raw = valueAt(source, from)
    const values = (Array.isArray(raw) ? raw : [raw]).filter(
      (value) => value !== null && value !== undefined && typeof value !== 'object',
    )
    if (values.length === 0) return list ? [] : null
    const selected = selectedFields(info)
    let nodes: SheafNode[]
    if (by.length === 1 && by[0] === 'id') {
      nodes = values
        .map((id) => context.store.getNode(String(id)))
        .filter((node): node is SheafNode => node?.type === target)
      for (const node of nodes) context.track(node.id, selected)
    } else {
      const query = { filter: filterAt(by, values) }
      nodes = trackedQuery(context.store, context, queryScope(info.schema), target, query, selected).nodes
    }
    // One value to one node keeps the order the values were written in (`authors: [b, a]`).
    if (list && by.length === 1 && by[0] === 'id') return nodes
    return list ? nodes : (nodes[0] ?? null)
  }
}

/**
 * Gives every `@link` field its resolver, after checking that the linked type is a node type with
 * the field `by` starts with; a mistake names the SDL's plugin and line.
 */
export function applyLinks(schema: GraphQLSchema, nodeTypes: ReadonlySet<string>): GraphQLSchema {
  // mapSchema rebuilds every type (a tenth of the schema build at 5,000 pages): only when there is a link to resolve.
  if (!hasLinks(schema)) return schema
  const links = new Map<string, Map<string, LinkSpec>>()
  const linked = mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (config: GraphQLFieldConfig<unknown, unknown>, fieldName: string, typeName: string) => {
      // (Only a field with a directive can have @link: the location is worked out for those alone.)
      if (!config.astNode?.directives?.length) return config
      const where = `@link on ${typeName}.${fieldName} (${sdlLocation(config.astNode)})`
      let link: { by: string; from?: string; on?: string } | undefined
      try {
        link = getDirective(schema, config, 'link')?.[0] as typeof link
      } catch (error) {
        throw new SheafError(`${where}: ${error instanceof Error ? error.message : String(error)}`, {
          hint: 'write @link(by: "field.path", from: "field.path"), each a string.',
        })
      }
      if (!link) return config
      const named = getNamedType(config.type)
      const target = link.on ?? named.name
      const targetType = schema.getType(target)
      if (!isObjectType(targetType) || !nodeTypes.has(target)) {
        throw new SheafError(`${where} links to \`${target}\`, which is not a node type.`, {
          hint: 'link to a type whose nodes a plugin creates (or that `implements Node`).',
        })
      }
      const by = link.by.split('.')
      if (!targetType.getFields()[by[0]]) {
        throw new SheafError(`${where}: the type \`${target}\` has no field \`${by[0]}\` to link by.`, {
          hint:
            `use a field of ${target} in \`by\` (${Object.keys(targetType.getFields()).slice(0, 8).join(', ')}, ` +
            `...).`,
        })
      }
      const from = (link.from ?? fieldName).split('.')
      if (!links.has(typeName)) links.set(typeName, new Map())
      links.get(typeName)?.set(fieldName, { target, by, from })
      return { ...config, resolve: linkResolver(target, by, from, isList(config.type)) as never }
    },
  })
  linkMaps.set(linked, links)
  return linked
}
