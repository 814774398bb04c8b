import type { GraphQLScalarType } from 'graphql'
import type { NodeStore } from '../store/nodeStore.ts'
import type { NodeModel } from './nodeModel.ts'
import type { SheafNode } from '../store/types.ts'

/** What every resolver receives as its third argument. */
export interface QueryContext {
  store: NodeStore
  site: Record<string, unknown>
  /** Finds a Page node by route (any of `/x`, `/x/`, `/x.html`). */
  pageByPath(path: string): SheafNode | undefined
  /**
   * Records that the running query read a node (for incremental rebuilds).
   * Pass `fields` when it read only those: a change elsewhere in the node then
   * leaves the page alone (a sidebar reads its pages' titles, not their bodies).
   */
  track(nodeId: string, fields?: readonly string[]): void
  /**
   * Records that the running query read `fields` of every node of a type (what a filter or a sort
   * over the type reads): one read, however many nodes. Absent where reads are compared node by
   * node (the dev server): the engine then records each node (see nodeModel.ts).
   */
  trackType?(type: string, fields: readonly string[]): void
  /**
   * Gatsby's node model: reads nodes (`getNodeById`, `findOne`, `findAll({ type, query })`) and
   * records each read for the running query, so a resolver that reads through it needs no `track`.
   */
  nodeModel: NodeModel
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Resolver = (parent: any, args: any, context: QueryContext, info: any) => unknown

/** Resolvers by type and field (field resolvers, `__resolveType`/`__isTypeOf`; a GraphQLScalarType for a scalar). */
export type GraphQLResolverMap = Record<
  string,
  Record<string, Resolver | { resolve: Resolver } | unknown> | GraphQLScalarType
>
