import { withBase, type Plugin, type QueryContext } from 'sheaf'
import path from 'node:path'
import { buildSearchIndexes, groupPages, indexFileName, indexKey, type BuiltSearchIndex } from './buildSearchIndexes.ts'
import { emitShardFiles } from './emitShardFiles.ts'
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
}

type Store = QueryContext['store']

/**
 * Full-text search. Builds one MiniSearch index per (version, language) from
 * the Page nodes when the files are emitted (onPostBuild), writes each to
 * `static/search_index.<version>.<lang>.<hash>.json` and, in builds, a sharded copy the browser
 * reads (`static/search/<version>.<lang>/`, every file named after its content: indexShards.ts),
 * and adds two fields:
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
  const groups = new WeakMap<Store, Map<string, unknown>>()

  // Built once per store, when the files are emitted; a new store (a dev rebuild) builds afresh.
  const indexesFor = (store: Store) => {
    if (!built || built.store !== store)
      built = { store, indexes: buildSearchIndexes(store.getNodesByType('Page'), { hashNames }) }
    return built.indexes
  }
  // Which indexes exist, without building them: what a page's `searchIndex` needs.
  const groupsOf = (store: Store) => {
    let found = groups.get(store)
    if (!found) groups.set(store, (found = groupPages(store.getNodesByType('Page'))))
    return found
  }
  const locate = (path: string, context: QueryContext) =>
    indexForPath(path, context.store.getNodesByType('Page'), context.pageByPath)
  // Set while onPostBuild asks for the indexes: they are built then, not when a page's query names the file.
  let emitting = false

  return {
    name: 'search',
    createSchemaCustomization({ site, addTypeDefs, addResolvers }) {
      // In develop mode the URL stays stable across edits (nothing is hashed).
      hashNames = site.mode === 'build'
      addTypeDefs(/* GraphQL */ `
        extend type Query {
          "URL (with base) of the search index for the route's version and language; null when it has none."
          searchIndex(path: String!): String
          "Search settings for the client: { limit, remote, lang, version }."
          searchConfig(path: String!): JSON! @ts(type: "Record<string, unknown>")
        }
      `)
      addResolvers({
        Query: {
          searchIndex: (_parent: unknown, args: { path: string }, context: QueryContext) => {
            const { version, lang } = locate(args.path, context)
            if (!groupsOf(context.store).has(indexKey(version, lang))) return null
            if (emitting) indexesFor(context.store)
            // Pages name a stable pointer, never the hashed file: an edit elsewhere then leaves every
            // other page byte-identical.
            return withBase(indexFileName(version, lang, hashNames ? pointerName : ''), site.base)
          },
          searchConfig: (_parent: unknown, args: { path: string }, context: QueryContext): SearchClientConfig => {
            const { version, lang } = locate(args.path, context)
            return { limit, remote, lang, version }
          },
        },
      })
    },
    async onPostBuild({ graphql, emitFile, outDir }) {
      // This query builds the indexes from the store the resolvers see.
      emitting = true
      try {
        await graphql('query { searchIndex(path: "/") }')
      } finally {
        emitting = false
      }
      for (const index of built?.indexes.values() ?? []) await emitIndex(index, { emitFile, outDir, hashNames })
    },
  }
}

/** Writes one index: the whole file, its shards and, in builds, the pointer naming both. */
async function emitIndex(
  index: BuiltSearchIndex,
  {
    emitFile,
    outDir,
    hashNames,
  }: { emitFile: (path: string, content: string) => Promise<void>; outDir: string; hashNames: boolean },
): Promise<void> {
  await emitFile(index.fileName, index.json)
  // Unchanged shard files (same name: same content) are kept from the output this build replaces.
  if (index.shards) await emitShardFiles(outDir, index.shards.dir, index.shards.files, emitFile)
  // The pointer names both: the browser reads the sharded copy, the whole file stays for tools and older clients.
  const shards = index.shards ? `${path.posix.relative('static', index.shards.dir)}/${index.shards.meta}` : undefined
  if (hashNames)
    await emitFile(
      indexFileName(index.version, index.lang, pointerName),
      JSON.stringify({ file: index.fileName.split('/').pop(), shards }),
    )
}

/**
 * `static/search_index.13.x.en.latest.json` names the current hashed file of that index: pages
 * link it, so an edit elsewhere leaves every other page byte-identical.
 */
const pointerName = 'latest'

export type { BuiltSearchIndex } from './buildSearchIndexes.ts'
export { buildSearchIndexes, createIndexFile } from './buildSearchIndexes.ts'
