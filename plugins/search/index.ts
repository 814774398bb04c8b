import { withBase, type Plugin, type QueryContext } from 'sheaf'
import path from 'node:path'
import { PersistentAnalysisCache } from './analysisCache.ts'
import { buildSearchIndexes, indexKey, type BuiltSearchIndex } from './buildSearchIndexes.ts'
import { indexForPath } from './indexForPath.ts'
import { defaultSearchLimit } from './shared/searchIndexOptions.ts'
import type { SearchClientConfig } from './shared/types.ts'

export interface SearchPluginOptions {
  /** Hits shown per group (title, header, content). Default 7. */
  limit?: number
  /**
   * A search API to ask instead of the local index, e.g.
   * `{ apiUrl: 'https://search.example.com/api', searchIndexes: ['docs'] }`.
   * The browser sends `GET apiUrl?keyword=&limit=&searchIndexes=a,b&lang=`
   * and expects `[{ index, hits }]`. Default: none (local search only).
   */
  remote?: { apiUrl: string; searchIndexes?: string[] }
  /** Where document analyses are kept between builds, relative to the site root. Default `.sheaf-cache/search`. */
  cacheDir?: string
}

type Store = QueryContext['store']

/**
 * Full-text search. Builds one MiniSearch index per (version, language) from
 * the Page nodes (once per build, on first use), writes each to
 * `static/search_index.<version>.<lang>.<hash>.json`, and adds two fields:
 * - `searchIndex(path)`: the URL (with base) of the index for that route;
 * - `searchConfig(path)`: `{ limit, remote, lang, version }` for the client.
 *
 * @example
 * plugins: [files(), versions({ ... }), search({ limit: 10 })]
 */
export function search(options: SearchPluginOptions = {}): Plugin {
  const limit = options.limit ?? defaultSearchLimit
  const remote = options.remote ?? null
  let built: { store: Store; indexes: Map<string, BuiltSearchIndex> } | null = null
  let hashNames = true
  let analyses: PersistentAnalysisCache | undefined

  // Built lazily from whichever store asks first; a new store (a dev rebuild) builds afresh.
  const indexesFor = (store: Store) => {
    if (!built || built.store !== store) built = { store, indexes: buildSearchIndexes(store.getNodesByType('Page'), { hashNames, analyses }) }
    return built.indexes
  }
  const locate = (path: string, context: QueryContext) => indexForPath(path, context.store.getNodesByType('Page'), context.pageByPath)

  return {
    name: 'search',
    createSchemaCustomization({ site, addTypeDefs, addResolvers }) {
      // In develop mode the URL stays stable across edits (nothing is hashed).
      hashNames = site.mode === 'build'
      analyses ??= new PersistentAnalysisCache(path.resolve(site.root, options.cacheDir ?? '.sheaf-cache/search'))
      addTypeDefs(/* GraphQL */ `
        extend type Query {
          "URL (with base) of the search index for the route's version and language; null when it has none."
          searchIndex(path: String!): String
          "Search settings for the client: { limit, remote, lang, version }."
          searchConfig(path: String!): JSON!
        }
      `)
      addResolvers({
        Query: {
          searchIndex: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const { version, lang } = locate(args.path, context)
            const index = indexesFor(context.store).get(indexKey(version, lang))
            // Pages name a stable pointer, never the hashed file: an edit elsewhere then leaves every other page byte-identical.
            return index ? withBase(hashNames ? pointerFile(index.fileName) : index.fileName, site.base) : null
          },
          searchConfig: (_parent: unknown, args: { path: string }, context: QueryContext): SearchClientConfig => {
            const { version, lang } = locate(args.path, context)
            return { limit, remote, lang, version }
          },
        },
      })
    },
    async onPostBuild({ graphql, emitFile }) {
      // Note: the indexes are built from the store, which only resolvers see;
      // this query builds them when no page asked for `searchIndex`.
      await graphql('query { searchIndex(path: "/") }')
      for (const index of built?.indexes.values() ?? []) {
        await emitFile(index.fileName, index.json)
        if (hashNames) await emitFile(pointerFile(index.fileName), JSON.stringify({ file: index.fileName.split('/').pop() }))
      }
      analyses?.save()
    },
  }
}

/** `static/search_index.13.x.en.1a2b3c4d.json` -> `static/search_index.13.x.en.latest.json`: names the current hashed file. */
export function pointerFile(fileName: string): string {
  return fileName.replace(/\.[0-9a-f]+\.json$/, '.latest.json')
}

export type { BuiltSearchIndex } from './buildSearchIndexes.ts'
export { buildSearchIndexes, createIndexFile } from './buildSearchIndexes.ts'
