import type { HeadTag } from '../shared/headTag.ts'
import type { GraphQLResolverMap } from '../schema/types.ts'
import type { NodeInput, SheafNode } from '../store/types.ts'

export type Awaitable<T> = T | Promise<T>

/** A plugin's own logger: every message is prefixed with the plugin's name. */
export interface Reporter {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

/** What every hook can read about the site being built. */
export interface SiteInfo {
  /** Absolute project root (the folder holding package.json). */
  root: string
  /** Normalised base path, starting and ending with `/`. */
  base: string
  /** `build` for production, `develop` for the dev server. */
  mode: 'build' | 'develop'
  /**
   * Threads the build may keep busy (the config's `buildConcurrency`): a plugin that runs work in parallel uses at most
   * this many.
   */
  concurrency: number
}

export type GraphqlRunner = <TData = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
) => Promise<TData>

export interface SourceApi {
  site: SiteInfo
  reporter: Reporter
  /** Adds a node to the store. Its id is kept when given, else derived from `type` and `key`. */
  createNode(input: NodeInput): SheafNode
  /** A deterministic id from a seed string, e.g. a file path. */
  createNodeId(seed: string): string
  /** A stable digest of any JSON-serialisable value or string. */
  createContentDigest(value: unknown): string
  /** Gatsby's `getNode`: the node with this id. */
  getNode(id: string): SheafNode | undefined
  /** Gatsby's `getNodes`: every node, in creation order. */
  getNodes(): SheafNode[]
  /** Gatsby's `getNodesByType`. */
  getNodesByType(type: string): SheafNode[]
  /** Gatsby's `createParentChildLink`: `child` becomes one of `parent`'s `children` (and gets `parent`). */
  createParentChildLink(link: { parent: SheafNode; child: SheafNode }): void
  /** Gatsby's `createNodeField`: sets `node.fields[name]` (queried as `fields { name }`). */
  createNodeField(field: { node: SheafNode; name: string; value: unknown }): SheafNode
}

export interface NodeApi extends SourceApi {
  /** The node just created; offered to every plugin in config order. */
  node: SheafNode
  /** Sets fields on an existing node (a shallow merge); the digest is kept. */
  updateNode(node: SheafNode, fields: Record<string, unknown>): SheafNode
}

export interface SchemaApi {
  site: SiteInfo
  reporter: Reporter
  /** Adds GraphQL SDL (types, `extend type Query`, ...). */
  addTypeDefs(typeDefs: string): void
  /** Adds resolvers, merged with the core ones. */
  addResolvers(resolvers: GraphQLResolverMap): void
  /**
   * The nodes of a type, final here (the transform is done; read them, never change them): a
   * whole-site output made from them, such as a search index, can start before the pages are created.
   */
  getNodesByType?(type: string): readonly SheafNode[]
}

export interface PageInput {
  /** The page's route (under the base), e.g. `/docs/api/render`. It is the query's `$path` too, as in Gatsby. */
  path: string
  /** A template name from the config's `theme.templates` (or give `component`). */
  template?: string
  /**
   * A template module of the site itself, as Gatsby's `component`: the path of a `.tsx` (absolute,
   * or relative to the site's folder) that default-exports the page's component and may export
   * its `query`. It is bundled and rendered beside the theme's templates, inside the theme's layout.
   */
  component?: string
  /** Variables for the template's query (with `path`); also handed to the template as `pageContext`. */
  context?: Record<string, unknown>
}

export interface PagesApi {
  site: SiteInfo
  reporter: Reporter
  graphql: GraphqlRunner
  /**
   * The nodes of a type, as they are (read them, never change them). For outputs made from the
   * whole site at once, such as a search index: a thousand pages read here cost a millisecond,
   * through `graphql` a tenth of a second. What a page shows comes from its template's query,
   * which records what it read for incremental builds; nodes read here are not recorded.
   */
  getNodesByType(type: string): readonly SheafNode[]
  /**
   * Runs `compute` with a `graphql` that records what its queries read, and keeps the result
   * (through JSON) for the next build, which gets it without running `compute` when every read
   * sees the same values and no page was added or removed. Only for a result made from those
   * queries, the config and the plugin's code alone; `name` is unique within the plugin.
   */
  reuse<T>(name: string, compute: (graphql: GraphqlRunner) => Promise<T>): Promise<T>
  createPage(page: PageInput): void
  /** The theme's template names (a page names one of these, or a `component` of the site). */
  templates: readonly string[]
}

export interface BuiltPage {
  path: string
  template: string
  context: Record<string, unknown>
  /**
   * The page's query result, only when the build keeps pages in memory (`write: false`).
   * A build that writes output drops it as each page is written, so that memory holds one
   * page at a time (5,000 pages: 2.0 GB peak with it, see bench/README.md): query what you
   * need through `graphql`.
   */
  data: Record<string, unknown>
  /** HTML file path relative to the output folder. */
  htmlFile: string
}

export interface PostBuildApi {
  site: SiteInfo
  reporter: Reporter
  graphql: GraphqlRunner
  pages: readonly BuiltPage[]
  /** Absolute path of the folder being written (swapped in when the build succeeds). */
  outDir: string
  /** Writes a file under the output folder. */
  emitFile(relativePath: string, content: string | Uint8Array): Promise<void>
  /**
   * Work that writes nothing to the output (a cache saved for the next build) and so need not
   * hold the output back, as a service worker's `waitUntil`: the output is swapped in meanwhile,
   * and the build ends once the promise settles. A rejection only warns.
   */
  waitUntil(task: Promise<unknown>): void
}

export type { HeadTag }

export interface PageInfo {
  path: string
  template: string
  mode: 'build' | 'develop'
  /** The site's base path. */
  base: string
}

/**
 * A plugin is a plain object with a name and the hooks it uses.
 * Plugins run one after another, in config order, for every hook but `onPostBuild`: that one runs
 * on every plugin at once (each writes its own files), and the build waits for all of them.
 */
export interface Plugin {
  name: string
  /** Runs first, once per build: create nodes (e.g. one File per content file). */
  sourceNodes?(api: SourceApi): Awaitable<void>
  /** Runs for every node as it is created, including nodes created by other plugins' onCreateNode. */
  onCreateNode?(api: NodeApi): Awaitable<void>
  /** Runs once before the schema is built: add type definitions and resolvers. */
  createSchemaCustomization?(api: SchemaApi): Awaitable<void>
  /** Runs once after the schema is built: query the data layer and create pages. */
  createPages?(api: PagesApi): Awaitable<void>
  /** Runs once after every page is rendered, before the output is swapped in; concurrently with other plugins'. */
  onPostBuild?(api: PostBuildApi): Awaitable<void>
  /** Tags added to the `<head>` of every page (e.g. an analytics script). */
  headTags?(page: PageInfo): HeadTag[]
  /** Absolute paths of modules the client entry imports (run once in the browser). */
  clientModules?: string[]
  /**
   * Sources this plugin's tags or client code load from, added to the site's Content-Security-Policy,
   * e.g. `{ 'script-src': ['https://cdn.example.org'] }`. Inline `headTags` scripts need nothing here:
   * the build hashes them.
   */
  csp?: Record<string, readonly string[]>
  /**
   * Every page node gets `portableMarkdown`: its markdown as CommonMark + GFM with its site-relative
   * links left open (engine/markdown/portableMarkdown.ts), made from the parse the transform does
   * anyway and kept in the markdown cache. Null for a page with MDX elements (convert it yourself).
   */
  portableMarkdown?: boolean
}

/** What `plugins: [...]` accepts: falsy entries are skipped, nested arrays flattened. */
export type PluginOption = Plugin | false | null | undefined | PluginOption[]
