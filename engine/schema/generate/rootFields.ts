import type { GraphQLResolveInfo } from 'graphql'
import type { SheafNode } from '../../store/types.ts'
import { queryScope } from '../linkDirective.ts'
import { trackedQuery } from '../nodeModel.ts'
import { distinctValues, groupNodes, selectorPath } from '../query/groupDistinct.ts'
import type { NodeQuery } from '../query/runNodeQuery.ts'
import { selectedFields } from '../selectedFields.ts'
import type { GraphQLResolverMap, QueryContext } from '../types.ts'

/** `Author` → `author` and `allAuthor`, as Gatsby names root fields. */
export function rootFieldNames(type: string): { one: string; all: string } {
  return { one: type.charAt(0).toLowerCase() + type.slice(1), all: `all${type}` }
}

/** The connection types of a node type, and its root fields (those the SDL has not declared itself). */
export function rootFieldTypeDefs(type: string, filterArgs: string, declared: { one: boolean; all: boolean }): string {
  const { one, all } = rootFieldNames(type)
  const query = [
    declared.one ? '' : `  ${one}(${filterArgs}): ${type}`,
    declared.all
      ? ''
      : `  ${all}(filter: ${type}FilterInput, sort: [${type}SortInput!], skip: Int, limit: Int): ${type}Connection!`,
  ].filter(Boolean)
  const list = `totalCount: Int! nodes: [${type}!]! edges: [${type}Edge!]! pageInfo: PageInfo!`
  return (
    `
type ${type}Connection { ${list} distinct(field: ${type}FieldSelector!): ` +
    `[String!]! group(field: ${type}FieldSelector!, skip: Int, limit: Int): ` +
    `[${type}GroupConnection!]! }
type ${type}Edge { node: ${type}! next: ${type} previous: ${type} ` +
    `}
type ${type}GroupConnection { ${list} field: String! fieldValue: ` +
    `String }
${query.length > 0 ? `extend type Query {\n${query.join('\n')}\n}` : ''}`
  )
}

/** A page of nodes (the result of `allX`, or one group of it). */
interface NodeList {
  nodes: SheafNode[]
  totalCount: number
  skip: number
  limit: number | null
}

function pageInfo({ nodes, totalCount, skip, limit }: NodeList) {
  const perPage = limit ?? null
  return {
    currentPage: perPage ? Math.floor(skip / perPage) + 1 : 1,
    hasPreviousPage: skip > 0,
    hasNextPage: skip + nodes.length < totalCount,
    itemCount: nodes.length,
    pageCount: perPage ? Math.ceil(totalCount / perPage) : 1,
    perPage,
    totalCount,
  }
}

/** Resolvers of a list: what each node shows is recorded by the fields the query selects of it. */
const listResolvers = {
  nodes: (list: NodeList, _args: unknown, context: QueryContext, info: GraphQLResolveInfo) => {
    const selected = selectedFields(info)
    for (const node of list.nodes) context.track(node.id, selected)
    return list.nodes
  },
  edges: (list: NodeList, _args: unknown, context: QueryContext) =>
    list.nodes.map((node, index) => {
      context.track(node.id)
      return { node, next: list.nodes[index + 1] ?? null, previous: list.nodes[index - 1] ?? null }
    }),
  pageInfo,
}

/** Reads the selected field of each node (recorded), for distinct and group. */
function readField(list: NodeList, field: unknown, context: QueryContext): string[] {
  const path = selectorPath(field)
  for (const node of list.nodes) context.track(node.id, [path[0]])
  return path
}

/** The resolvers of a node type's root fields (those the SDL does not declare: `declared`) and connection. */
export function rootFieldResolvers(type: string, declared: ReadonlySet<string>): GraphQLResolverMap {
  const { one, all } = rootFieldNames(type)
  const query: Record<string, unknown> = {
    [one]: (_parent: unknown, filter: Record<string, unknown>, context: QueryContext, info: GraphQLResolveInfo) =>
      trackedQuery(context.store, context, queryScope(info.schema), type, { filter, limit: 1 }, selectedFields(info))
        .nodes[0] ?? null,
    [all]: (_parent: unknown, args: NodeQuery, context: QueryContext, info: GraphQLResolveInfo): NodeList => {
      // Which nodes come back is recorded here; what each shows, by `nodes` (with the fields it selects).
      const result = trackedQuery(context.store, context, queryScope(info.schema), type, args, [])
      return {
        nodes: result.nodes,
        totalCount: result.totalCount,
        skip: Math.max(0, args.skip ?? 0),
        limit: args.limit ?? null,
      }
    },
  }
  for (const name of declared) delete query[name]
  return {
    Query: query,
    [`${type}Connection`]: {
      ...listResolvers,
      distinct: (list: NodeList, args: { field: unknown }, context: QueryContext) =>
        distinctValues(list.nodes, readField(list, args.field, context)),
      group: (
        list: NodeList,
        args: { field: unknown; skip?: number | null; limit?: number | null },
        context: QueryContext,
      ) => {
        const groups = groupNodes(list.nodes, readField(list, args.field, context))
        const skip = Math.max(0, args.skip ?? 0)
        return groups
          .slice(skip, args.limit == null ? undefined : skip + args.limit)
          .map((group) => ({ ...group, totalCount: group.nodes.length, skip: 0, limit: null }))
      },
    },
    [`${type}GroupConnection`]: listResolvers,
  }
}
