import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createBuildSession, sessionKey, type BuildSession } from './buildContext.ts'
import { highlightStoreDir, markdownCacheDir, siteCacheDir } from './incremental/cacheDirs.ts'
import { loadConfig } from './config/loadConfig.ts'
import type { ResolvedConfig } from './config/types.ts'
import type { DataLayer } from './dataLayer.ts'
import { openDeadLinkCache } from './links/deadLinkCache.ts'
import { createLinkContext, reportDeadLinks, resolvePageLinks, type DeadLink } from './links/resolveLinks.ts'
import { corePages } from './pages/corePages.ts'
import { PageRegistry, type RegisteredPage } from './pages/pageRegistry.ts'
import { flattenPlugins } from './plugins/flattenPlugins.ts'
import { createPluginRunner, type PluginRunner } from './plugins/runner.ts'
import { createPhaseTimer, createReporter, type ConsoleSink, type ReporterLog } from './reporter.ts'
import type { GraphQLResolverMap } from './schema/types.ts'
import { toRoute } from './shared/routes.ts'
import type { SiteData } from './shared/types.ts'
import { markdownTransformer } from './sources/markdownTransformer.ts'
import { startMarkdownWorker, warmMarkdownCache } from './sources/warmMarkdownCache.ts'
import { siteInfo, sourceNodes, transformNodes } from './sourceAndTransform.ts'
import { defineLazyField } from './store/lazyField.ts'
import type { NodeStore } from './store/nodeStore.ts'
import type { SheafNode } from './store/types.ts'

export interface PrepareOptions {
  configFile?: string
  /** The config, when its load is already under way (the CLI starts it while the engine loads). */
  config?: Promise<ResolvedConfig>
  quiet?: boolean
  mode?: 'build' | 'develop'
  sink?: ConsoleSink
  /** Reused between builds in one process (dev server, tests). */
  session?: BuildSession
  /** Transform uncached markdown in worker threads when there is enough of it. Default true. */
  workers?: boolean
  /** Read and write the persistent cache in .sheaf-cache/. Default true. */
  cache?: boolean
  /** Keep transformed markdown in memory for later builds in this process (always on in develop mode). */
  keepInMemory?: boolean
  /**
   * Called once, during the transform: a build starts its client bundle here (it depends on
   * the theme and plugins, not on pages). When the markdown transforms on the main thread,
   * at the start, so Vite works on the free core meanwhile; when worker threads transform it,
   * once they are done (beside them Vite only raised the peak memory, by a third at N = 1,000).
   */
  startBundle?: (config: ResolvedConfig, runner: PluginRunner) => void
  /** Called as soon as the config is loaded: a build starts importing its theme here, while the pages transform. */
  onConfig?: (config: ResolvedConfig) => void
}

export interface PreparedSite {
  config: ResolvedConfig
  session: BuildSession
  runner: PluginRunner
  registry: PageRegistry
  dataLayer: DataLayer
  store: NodeStore
  site: ReturnType<typeof siteInfo>
  log: ReporterLog
  reporterFor: (name: string) => ReturnType<typeof createReporter>
  timer: ReturnType<typeof createPhaseTimer>
}

/** Loads the config and runs source, transform and schema: the data layer, ready for queries. */
export async function prepareSite(root: string, options: PrepareOptions = {}): Promise<PreparedSite> {
  const sink = options.sink ?? console
  const quiet = options.quiet ?? false
  const mode = options.mode ?? 'build'
  const log: ReporterLog = { warnings: [], errors: [] }
  const reporterFor = (name: string) => createReporter(name, log, sink, quiet)
  const timer = createPhaseTimer(sink, quiet)

  const config = await (options.config ?? loadConfig(root, options.configFile))
  options.onConfig?.(config)
  const session = options.session && options.session.key === sessionKey(config) ? options.session : await createBuildSession(config, { cache: options.cache, keepInMemory: mode === 'develop' || options.keepInMemory === true })
  const site = siteInfo(config, mode)
  const registry = new PageRegistry(config.theme.templates)
  const userPlugins = flattenPlugins(config.plugins, path.relative(root, config.configFile))
  const runner = createPluginRunner([
    markdownTransformer(session.processor, session.markdownCache, config.lang),
    ...userPlugins,
    corePages(config.theme.templates, (page, source) => registry.add(page, source)),
  ])
  if (!quiet) sink.log(`sheaf ${mode}: ${config.title}`)
  let bundleStarted = false
  const startBundle = () => {
    if (bundleStarted) return
    bundleStarted = true
    options.startBundle?.(config, runner)
  }

  const markdownOptions = { ...config.markdown, highlightDir: highlightStoreDir(config.root, options.cache), root: config.root, configFile: config.configFile }
  // A rebuild (there is a markdown cache) starts a worker now: by the time the changed files are known, it has loaded.
  const prestarted = mode === 'build' && options.workers !== false && hasMarkdownCache(config, options.cache) ? startMarkdownWorker(markdownOptions) : null
  // GraphQL and graphql-tools (0.1 s of imports) are only needed for the schema. A cold
  // build loads them while its transform waits for workers, not before the first page is parsed; a
  // rebuild, whose transform mostly reads the cache, as soon as it can.
  let schemaLoad: ReturnType<typeof loadSchemaModules> | null = null
  const schemaModules = () => (schemaLoad ??= loadSchemaModules())
  if (prestarted) schemaModules()
  let source: Awaited<ReturnType<typeof sourceNodes>>
  try {
    source = await timer.run('source', () => sourceNodes(runner, site, reporterFor), (result) => result.pending.length)
  } catch (error) {
    prestarted?.terminate()
    throw error
  }
  schemaModules().catch(() => undefined)
  await timer.run(
    'transform',
    async () => {
      await warmMarkdownCache(source.pending, session.markdownCache, { ...markdownOptions, workers: options.workers !== false, prestarted, highlightAhead: session.highlightAhead, processor: session.processor, onPlan: (workers) => workers === 0 && startBundle() })
      startBundle()
      try {
        return await transformNodes(runner, source, site, reporterFor)
      } finally {
        session.highlightAhead.finish()
      }
    },
    (count) => count,
  )
  const store = source.store
  finalizePagePaths(store)
  // A one-shot build owns its parsed bodies, so links are resolved in place (no second copy).
  resolveLinks(store, config, mode === 'build' && !options.keepInMemory, session, siteCacheDir(config.root, options.cache), reporterFor('links').warn)
  const dataLayer = await timer.run('schema', async () => createSchema(await schemaModules(), runner, store, config, site, reporterFor), () => 1)
  return { config, session, runner, registry, dataLayer, store, site, log, reporterFor, timer }
}

function hasMarkdownCache(config: ResolvedConfig, cache: boolean | undefined): boolean {
  const dir = markdownCacheDir(config.root, cache)
  return dir !== null && fs.existsSync(dir)
}

/** A page's route from its identity: `[lang/][version/]slug` (plugins set the prefixes). */
function finalizePagePaths(store: NodeStore): void {
  for (const page of store.getNodesByType('Page')) {
    store.updateNode(page, { path: toRoute({ slug: String(page.slug), langPrefix: String(page.langPrefix ?? ''), versionPrefix: String(page.versionPrefix ?? '') }) })
  }
}

function resolveLinks(store: NodeStore, config: ResolvedConfig, inPlace: boolean, session: BuildSession, cacheDir: string | null, warn: (message: string) => void): void {
  const pages = store.getNodesByType('Page')
  const context = createLinkContext(pages, config.base, listPublicFiles(config.publicDir))
  const contextKey = linkContextKey(pages, config.base, context.publicFiles)
  const dead: DeadLink[] = []
  if (inPlace) {
    // A one-shot build owns its parsed bodies: links are resolved in place (no second copy), and
    // a page whose dead links are known from the last build waits until its body is read.
    const known = openDeadLinkCache(cacheDir ? path.join(cacheDir, 'links.json') : null, contextKey)
    for (const page of pages) {
      const digest = page.internal.contentDigest
      let found = known.get(digest)
      if (found) {
        defineLazyField(page, 'body', () => {
          const { body } = resolvePageLinks(page, context, true)
          page.rawBody = null
          return body
        })
      } else {
        const resolved = resolvePageLinks(page, context, true)
        found = resolved.dead
        // Derived: from the page's own body and the set of pages, which the page cache's structure digest covers.
        store.updateNode(page, { body: resolved.body, rawBody: null }, { derived: true })
      }
      known.set(digest, found)
      dead.push(...found)
    }
    if (config.markdown.checkDeadLinks) reportDeadLinks(dead, config.links, warn)
    known.save()
    return
  }
  // In a long-lived process (dev server), a page whose transformed body is the very same object
  // as last time, among the same routes and anchors, resolves to the same links: keep them.
  const memo = session.resolvedLinks
  for (const page of pages) {
    const cached = memo.get(page.id)
    const resolved = cached && cached.raw === page.rawBody && cached.context === contextKey ? (cached.result as ReturnType<typeof resolvePageLinks>) : resolvePageLinks(page, context, false)
    memo.set(page.id, { raw: page.rawBody, context: contextKey, result: resolved })
    store.updateNode(page, { body: resolved.body }, { derived: true })
    dead.push(...resolved.dead)
  }
  if (config.markdown.checkDeadLinks) reportDeadLinks(dead, config.links, warn)
}

/** Everything link resolution reads besides a page's own body: routes, anchors, prefixes, public files. */
function linkContextKey(pages: SheafNode[], base: string, publicFiles: Set<string>): string {
  const hash = createHash('sha1').update(base).update('\0').update([...publicFiles].sort().join('\n'))
  for (const page of pages) {
    hash.update('\0').update(JSON.stringify([page.id, page.relativePath, page.path, page.sourcePath, page.langPrefix, page.versionPrefix, page.anchors]))
  }
  return hash.digest('hex')
}

type SchemaModules = Awaited<ReturnType<typeof loadSchemaModules>>

async function loadSchemaModules() {
  const [{ buildSchema }, { createDataLayer }] = await Promise.all([import('./schema/buildSchema.ts'), import('./dataLayer.ts')])
  return { buildSchema, createDataLayer }
}

async function createSchema({ buildSchema, createDataLayer }: SchemaModules, runner: PluginRunner, store: NodeStore, config: ResolvedConfig, site: ReturnType<typeof siteInfo>, reporterFor: (name: string) => ReturnType<typeof createReporter>): Promise<DataLayer> {
  const typeDefs: string[] = []
  const resolvers: GraphQLResolverMap[] = []
  await runner.run('createSchemaCustomization', (plugin) => ({
    site,
    reporter: reporterFor(plugin.name),
    addTypeDefs: (sdl: string) => void typeDefs.push(sdl),
    addResolvers: (map: GraphQLResolverMap) => void resolvers.push(map),
  }))
  const schema = buildSchema(typeDefs, resolvers)
  return createDataLayer(schema, store, { title: config.title, description: config.description, url: config.url, base: config.base, lang: config.lang, themeConfig: config.themeConfig })
}

/** Runs every plugin's createPages (the built-in page creator last) and returns the pages to render. */
export async function createPages(runner: PluginRunner, dataLayer: DataLayer, registry: PageRegistry, site: ReturnType<typeof siteInfo>, reporterFor: (name: string) => ReturnType<typeof createReporter>): Promise<RegisteredPage[]> {
  await runner.run('createPages', (plugin) => ({
    site,
    reporter: reporterFor(plugin.name),
    graphql: (query, variables = {}) => dataLayer.query(query, variables, `plugin ${plugin.name}`),
    getNodesByType: (type) => dataLayer.context().store.getNodesByType(type),
    createPage: (page) => registry.add(page, `plugin ${plugin.name}`),
    templates: registry.templateNames,
  }))
  return registry.pages
}

/** Site-wide data the client bundle carries. */
export function toSiteData(config: ResolvedConfig): SiteData {
  return { title: config.title, description: config.description, url: config.url, base: config.base, lang: config.lang, icon: config.icon, logo: config.logo, themeConfig: config.themeConfig, plugins: flattenPlugins(config.plugins).map((plugin) => plugin.name) }
}

function listPublicFiles(dir: string): Set<string> {
  const files = new Set<string>()
  const walk = (relative: string) => {
    const absolute = path.join(dir, relative)
    if (!fs.existsSync(absolute)) return
    for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`
      if (entry.isDirectory()) walk(child)
      else files.add(child)
    }
  }
  walk('')
  return files
}
