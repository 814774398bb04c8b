import type { GraphQLSchema } from 'graphql'
import { routeKey } from './shared/routes.ts'
import { clearReadKeys, readKey, typeReadKey } from './incremental/readKey.ts'
import { queryScope } from './schema/linkDirective.ts'
import { createNodeModel } from './schema/nodeModel.ts'
import { runQuery } from './schema/runQuery.ts'
import type { QueryContext } from './schema/types.ts'
import type { NodeStore } from './store/nodeStore.ts'
import type { SheafNode } from './store/types.ts'

export interface DataLayer {
  schema: GraphQLSchema
  /** Runs a query; `reads` collects what it read (read keys: see incremental/readKey.ts). */
  query<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown>,
    source: string,
    reads?: Set<string>,
  ): Promise<T>
  /** A fresh query context (for running the schema directly, as the GraphQL explorer does). */
  context(reads?: Set<string>): QueryContext
  /** The language of the page at a route, when it is a page. */
  pageLang(path: string): string | undefined
  /** The content file a page's route comes from (`content/13.x/docs/api/render.md`), when it is a content page. */
  pageSource(path: string): string | undefined
}

export interface DataLayerOptions {
  /**
   * Record a filter's read of a whole type node by node (5,000 read keys at 5,000 pages) instead of
   * as one type read: for the dev server, which tells what a save changed by node id.
   */
  readsPerNode?: boolean
}

/** Wraps the schema with the query context: the store, site data and a route index. */
export function createDataLayer(
  schema: GraphQLSchema,
  store: NodeStore,
  site: Record<string, unknown>,
  options: DataLayerOptions = {},
): DataLayer {
  // A new store: read keys interned for the last one are not needed any more.
  clearReadKeys()
  const byRoute = new Map<string, SheafNode>()
  for (const page of store.getNodesByType('Page')) byRoute.set(routeKey(String(page.path)), page)
  const scope = queryScope(schema)
  const context = (reads?: Set<string>): QueryContext => {
    const track = reads
      ? (id: string, fields?: readonly string[]) => void reads.add(readKey(id, fields))
      : () => undefined
    const addTypeRead = (type: string, fields: readonly string[]) => void reads?.add(typeReadKey(type, fields))
    const trackType = options.readsPerNode ? undefined : addTypeRead
    const nodeModel = createNodeModel(store, { track, trackType }, scope)
    return { store, site, pageByPath: (path) => byRoute.get(routeKey(path)), track, trackType, nodeModel }
  }
  return {
    schema,
    context,
    query(query, variables, source, reads) {
      return runQuery(schema, query, variables, context(reads), source)
    },
    pageLang(path) {
      const lang = byRoute.get(routeKey(path))?.lang
      return typeof lang === 'string' ? lang : undefined
    },
    pageSource(path) {
      const source = byRoute.get(routeKey(path))?.sourcePath
      return typeof source === 'string' ? source : undefined
    },
  }
}
