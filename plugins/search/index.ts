import { startWorker, withBase, type Plugin, type QueryContext, type SheafNode, type WorkerTask } from 'sheaf'
import path from 'node:path'
import { analysisCodeDigest, PersistentAnalysisCache } from './analysisCache.ts'
import { IndexStateStore } from './indexStateStore.ts'
import type { BuildIndexesInput, SentSearchIndex } from './buildIndexesTask.ts'
import {
  buildSearchIndexes,
  groupPages,
  indexFileName,
  indexKey,
  type BuiltSearchIndex,
  type IndexablePage,
} from './buildSearchIndexes.ts'
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
  /** Where document analyses are kept between builds, relative to the site root. Default `.sheaf-cache/search`. */
  cacheDir?: string
}

type Store = QueryContext['store']

/**
 * Full-text search. Builds one MiniSearch index per (version, language) from
 * the Page nodes (in a build: in a worker thread, started once the pages are
 * known and awaited after rendering; in develop mode: when the files are emitted), writes each to
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
  let analyses: PersistentAnalysisCache | undefined
  // A very big build (in process) keeps each index's state between builds, as the worker does.
  let states: IndexStateStore | undefined
  let worker: WorkerTask<BuildIndexesInput, SentSearchIndex[]> | null = null
  let pending: Promise<SentSearchIndex[]> | null = null
  // The worker saving its index states once it has answered (see IndexStateStore.save).
  let saving: Promise<unknown> | null = null
  // Set for a build too big to index beside the render (see workerMaxPages): built here, on first use.
  let inProcess = false
  // Set while onPostBuild asks for the indexes: in develop mode they are built then, not when a
  // page's query names the file (the dev server serves its first page before it indexes the site).
  let emitting = false
  const groups = new WeakMap<Store, Map<string, unknown>>()

  // Develop mode: built lazily from whichever store asks first; a new store (a dev rebuild) builds afresh.
  const indexesFor = (store: Store) => {
    if (!built || built.store !== store)
      built = { store, indexes: buildSearchIndexes(store.getNodesByType('Page'), { hashNames, analyses, states }) }
    return built.indexes
  }
  // Which indexes exist, without building them: what a page's `searchIndex` needs.
  const groupsOf = (store: Store) => {
    let found = groups.get(store)
    if (!found) groups.set(store, (found = groupPages(store.getNodesByType('Page'))))
    return found
  }
  // A build's pages go to its worker once, as soon as they are final (createSchemaCustomization).
  const sendPages = (pages: readonly SheafNode[] | undefined, root: string) => {
    if (!worker || !pages) return
    // Read from the nodes, not through GraphQL: the same fields for a thousand pages in a millisecond
    // instead of a tenth of a second (the index is a whole-site output; no page's query reads it).
    const allPage = pages.map(indexablePage).sort((a, b) => String(a.path).localeCompare(String(b.path)))
    if (allPage.length > workerMaxPages) {
      worker.close()
      worker = null
      inProcess = true
      states ??= new IndexStateStore(cacheDirOf(root), analysisCodeDigest())
      return
    }
    const running = worker
    // Stopped as soon as it has answered and saved its state, not at onPostBuild: its heap (the
    // pages' text, the index being built) is freed while the pages still render (at N = 5,000 it
    // kept 0.4 GB). The state is saved after the answer, while onPostBuild emits the files.
    pending = running.run({ pages: allPage, hashNames })
    saving = pending.then(() => running.run({ save: true })).finally(() => running.close())
    worker = null
    // Awaited in onPostBuild; a build that fails before then must not leave them unhandled.
    pending.catch(() => undefined)
    saving.catch(() => undefined)
  }
  const locate = (path: string, context: QueryContext) =>
    indexForPath(path, context.store.getNodesByType('Page'), context.pageByPath)

  const cacheDirOf = (root: string) => path.resolve(root, options.cacheDir ?? '.sheaf-cache/search')
  // Every index built on this thread from the pages, without the last build's state.
  const indexAfresh = async (graphql: (query: string) => Promise<unknown>): Promise<Map<string, BuiltSearchIndex>> => {
    const kept = states
    states = undefined
    built = null
    emitting = true
    try {
      await graphql('query { searchIndex(path: "/") }')
    } finally {
      emitting = false
      states = kept
    }
    // (Set by the resolver the query ran.)
    return (built as { indexes: Map<string, BuiltSearchIndex> } | null)?.indexes ?? new Map()
  }

  return {
    name: 'search',
    createSchemaCustomization({ site, addTypeDefs, addResolvers, getNodesByType }) {
      // In develop mode the URL stays stable across edits (nothing is hashed).
      hashNames = site.mode === 'build'
      if (!hashNames) analyses ??= new PersistentAnalysisCache(cacheDirOf(site.root))
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
            // Develop mode builds in process when the files are emitted, a very big build on first use;
            // a build's worker runs from createPages.
            if (emitting || inProcess) indexesFor(context.store)
            // Pages name a stable pointer, never the hashed file: an edit elsewhere then leaves every other page
            // byte-identical.
            return withBase(indexFileName(version, lang, hashNames ? pointerName : ''), site.base)
          },
          searchConfig: (_parent: unknown, args: { path: string }, context: QueryContext): SearchClientConfig => {
            const { version, lang } = locate(args.path, context)
            return { limit, remote, lang, version }
          },
        },
      })
      // The pages are final once transformed: the worker starts on them now, while the schema is
      // built and the other plugins create their pages (a one-page rebuild waits for the index).
      sendPages(getNodesByType?.('Page'), site.root)
    },
    sourceNodes({ site }) {
      // A build's indexes are serialised in a worker. Started now, loading its modules and the
      // analysis cache (half a second at N = 1,000) hides behind the markdown transform.
      if (site.mode === 'build')
        worker ??= startWorker(new URL('./buildIndexesTask.ts', import.meta.url), { cacheDir: cacheDirOf(site.root) })
    },
    createPages({ getNodesByType, site }) {
      // (Sent when the schema was made, unless a runner's SchemaApi had no nodes to give.)
      sendPages(getNodesByType('Page'), site.root)
    },
    async onPostBuild({ graphql, emitFile, outDir, waitUntil }) {
      let indexes: (BuiltSearchIndex | SentSearchIndex)[]
      if (pending) indexes = await pending
      else {
        // Develop mode or a very big build: this query builds them when no page asked for `searchIndex` yet.
        emitting = true
        try {
          await graphql('query { searchIndex(path: "/") }')
        } finally {
          emitting = false
        }
        indexes = [...(built?.indexes.values() ?? [])]
      }
      pending = null
      let fresh: Map<string, BuiltSearchIndex> | undefined
      for (const index of indexes) {
        // (Its UTF-8 bytes when they were made for its name: the same file, not encoded twice.)
        await emitFile(index.fileName, ('bytes' in index ? index.bytes : undefined) ?? index.json)
        // Unchanged shard files (same name: same content) are kept from the output this build replaces.
        const emitted =
          index.shards &&
          (await emitShardFiles(outDir, index.shards.dir, index.shards.files, emitFile, index.shards.reused))
        if (index.shards && emitted?.missing.length) {
          // The previous output lost files the worker did not send (removed by hand, or a build
          // that failed before its commit): indexed afresh here, from the pages, to write them.
          fresh ??= await indexAfresh(graphql)
          const files = new Map(fresh.get(indexKey(index.version, index.lang))?.shards?.files)
          for (const name of emitted.missing) {
            const content = files.get(name)
            if (content === undefined)
              throw new Error(
                `The search index file ${index.shards.dir}/${name} is missing from the previous output, and indexing afresh did not make it.`,
              )
            await emitFile(`${index.shards.dir}/${name}`, content)
          }
        }
        // The pointer names both: the browser reads the sharded copy, the whole file stays for tools and older clients.
        const shards = index.shards
          ? `${path.posix.relative('static', index.shards.dir)}/${index.shards.meta}`
          : undefined
        if (hashNames)
          await emitFile(
            indexFileName(index.version, index.lang, pointerName),
            JSON.stringify({ file: index.fileName.split('/').pop(), shards }),
          )
      }
      analyses?.save()
      states?.save()
      // The worker saves its state while the output is committed. (One that failed to save only costs the next build
      // speed.)
      if (saving) waitUntil(saving.catch(() => undefined))
      saving = null
    },
  }
}

/**
 * Above this many pages the index is built on the main thread, when the first page asks for
 * it, as in develop mode: beside the render, the worker's heap (0.6 GB at 5,000 pages: the
 * pages' text, the postings, the JSON) pushed the build's peak past 2 GB, for a gain of a few
 * percent of its time.
 */
const workerMaxPages = 2000

/** What the index reads of every page (see IndexablePage). */
/** What an index is made from, as plain data for the worker (a node's body, the largest field, stays behind). */
function indexablePage(page: SheafNode): IndexablePage & { id: string } {
  const sections = Array.isArray(page.sections)
    ? (page.sections as { anchor: string; heading: string; depth: number; text: string }[])
    : []
  const toc = Array.isArray(page.toc)
    ? (page.toc as { text: string; id: string; depth: number; charIndex: number }[])
    : []
  return {
    id: page.id,
    path: page.path,
    title: page.title,
    version: page.version ?? null,
    lang: page.lang ?? null,
    pageType: page.pageType ?? null,
    frontmatter: page.frontmatter ?? null,
    sections: sections.map(({ anchor, heading, depth, text }) => ({ anchor, heading, depth, text })),
    toc: toc.map(({ text, id, depth, charIndex }) => ({ text, id, depth, charIndex })),
    digest: page.internal.contentDigest,
  }
}

/**
 * `static/search_index.13.x.en.latest.json` names the current hashed file of that index: pages
 * link it, so an edit elsewhere leaves every other page byte-identical.
 */
const pointerName = 'latest'

export type { BuiltSearchIndex } from './buildSearchIndexes.ts'
export { buildSearchIndexes, createIndexFile } from './buildSearchIndexes.ts'
