import fs from 'node:fs'
import path from 'node:path'
import { createBuildSession, sessionKey, type BuildSession } from './buildContext.ts'
import { bundleClient } from './bundle/bundleClient.ts'
import { writeClientEntry } from './bundle/clientEntry.ts'
import { loadConfig } from './config/loadConfig.ts'
import type { ResolvedConfig } from './config/types.ts'
import { createDataLayer, type DataLayer } from './dataLayer.ts'
import { assertNoDeadLinks, createLinkContext, resolvePageLinks, type DeadLink } from './links/resolveLinks.ts'
import { corePages } from './pages/corePages.ts'
import { PageRegistry, type RegisteredPage } from './pages/pageRegistry.ts'
import { flattenPlugins } from './plugins/flattenPlugins.ts'
import { createPluginRunner, type PluginRunner } from './plugins/runner.ts'
import type { BuiltPage, Plugin } from './plugins/types.ts'
import { htmlShell, type ClientAssets } from './render/htmlShell.ts'
import { loadTheme, type LoadedTheme } from './render/loadTheme.ts'
import { createStagingDir, writeFileDeep } from './render/outputDir.ts'
import { renderApp } from './render/renderApp.tsx'
import { createPhaseTimer, createReporter, formatMs, type ConsoleSink, type ReporterLog } from './reporter.ts'
import { buildSchema } from './schema/buildSchema.ts'
import type { GraphQLResolverMap } from './schema/types.ts'
import { routeToDataFile, routeToHtmlFile, toRoute } from './shared/routes.ts'
import type { PageData, SiteData } from './shared/types.ts'
import { markdownTransformer } from './sources/markdownTransformer.ts'
import { siteInfo, sourceNodes, transformNodes } from './sourceAndTransform.ts'
import type { NodeStore } from './store/nodeStore.ts'

export interface BuildOptions {
  configFile?: string
  /** Overrides the config's outDir. */
  outDir?: string
  /** Write the site to disk (default). With false, pages come back in memory and the client is not bundled. */
  write?: boolean
  quiet?: boolean
  mode?: 'build' | 'develop'
  sink?: ConsoleSink
  /** Reused between builds in one process (dev server, tests). */
  session?: BuildSession
}

export interface RenderedPage extends BuiltPage {
  html: string
  pageData: PageData
}

export interface BuildResult {
  config: ResolvedConfig
  pages: RenderedPage[]
  warnings: string[]
  outDir: string
  session: BuildSession
  dataLayer: DataLayer
  phases: { name: string; count: number; ms: number }[]
}

interface Prepared {
  config: ResolvedConfig
  session: BuildSession
  runner: PluginRunner
  registry: PageRegistry
  dataLayer: DataLayer
  site: ReturnType<typeof siteInfo>
  log: ReporterLog
  reporterFor: (name: string) => ReturnType<typeof createReporter>
  timer: ReturnType<typeof createPhaseTimer>
}

/** Loads the config and runs source, transform and schema: the data layer, ready for queries. */
async function prepare(root: string, options: BuildOptions): Promise<Prepared> {
  const sink = options.sink ?? console
  const quiet = options.quiet ?? false
  const mode = options.mode ?? 'build'
  const log: ReporterLog = { warnings: [], errors: [] }
  const reporterFor = (name: string) => createReporter(name, log, sink, quiet)
  const timer = createPhaseTimer(sink, quiet)

  const config = await loadConfig(root, options.configFile)
  const session = options.session && options.session.key === sessionKey(config) ? options.session : await createBuildSession(config)
  const site = siteInfo(config, mode)
  const registry = new PageRegistry(config.theme.templates)
  const userPlugins = flattenPlugins(config.plugins, path.relative(root, config.configFile))
  const runner = createPluginRunner([
    markdownTransformer(session.processor, session.markdownCache, config.lang),
    ...userPlugins,
    corePages(config.theme.templates, (page, source) => registry.add(page, source)),
  ])
  if (!quiet) sink.log(`sheaf ${mode}: ${config.title}`)

  const source = await timer.run('source', () => sourceNodes(runner, site, reporterFor), (result) => result.pending.length)
  await timer.run('transform', () => transformNodes(runner, source, site, reporterFor), (count) => count)
  const store = source.store
  finalizePagePaths(store)
  resolveLinks(store, config)
  const dataLayer = await timer.run('schema', () => createSchema(runner, store, config, site, reporterFor), () => 1)
  return { config, session, runner, registry, dataLayer, site, log, reporterFor, timer }
}

/** The data layer alone (for `sheaf query` and the GraphQL explorer). */
export async function loadDataLayer(root: string, options: BuildOptions = {}): Promise<{ dataLayer: DataLayer; config: ResolvedConfig; warnings: string[] }> {
  const prepared = await prepare(root, { quiet: true, ...options })
  return { dataLayer: prepared.dataLayer, config: prepared.config, warnings: prepared.log.warnings }
}

/** Builds the site: the steps below, one per line, each in its own module. */
export async function build(root: string, options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now()
  const sink = options.sink ?? console
  const quiet = options.quiet ?? false
  const mode = options.mode ?? 'build'
  const { config, session, runner, registry, dataLayer, site, log, reporterFor, timer } = await prepare(root, options)
  const outDir = options.outDir ? path.resolve(root, options.outDir) : config.outDir
  const pages = await timer.run('pages', () => createPages(runner, dataLayer, registry, site, reporterFor), (list) => list.length)
  const theme = await loadTheme(root, config.theme, mode === 'develop' ? `?t=${Date.now()}` : '')
  const siteData = toSiteData(config)

  if (options.write === false) {
    const rendered = await timer.run('render', () => renderPages(pages, dataLayer, theme, siteData, config, runner, mode, fakeAssets), (list) => list.length)
    return finish(rendered, outDir)
  }

  const staging = await createStagingDir(outDir)
  let rendered: RenderedPage[]
  try {
    const bundlePromise = timer.run('bundle', () => bundle(config, siteData, runner, staging.dir), () => 1)
    // Rendering needs asset URLs only when writing, so it overlaps the bundle.
    const assets = await bundlePromise
    rendered = await timer.run('render', () => renderPages(pages, dataLayer, theme, siteData, config, runner, mode, assets), (list) => list.length)
    await writePages(rendered, staging.dir)
    await timer.run(
      'post-build',
      () =>
        runner.run('onPostBuild', (plugin) => ({
          site,
          reporter: reporterFor(plugin.name),
          graphql: (query, variables = {}) => dataLayer.query(query, variables, `plugin ${plugin.name}`),
          pages: rendered,
          outDir: staging.dir,
          emitFile: (relativePath, content) => writeFileDeep(path.join(staging.dir, relativePath), content),
        })),
      () => runner.plugins.filter((plugin) => plugin.onPostBuild).length,
    )
    await staging.commit()
  } catch (error) {
    await staging.discard()
    throw error
  }
  return finish(rendered, outDir)

  function finish(rendered: RenderedPage[], dir: string): BuildResult {
    if (!quiet) {
      const warnings = log.warnings.length ? `, ${log.warnings.length} warning${log.warnings.length === 1 ? '' : 's'}` : ''
      sink.log(`built ${rendered.length} pages in ${formatMs(performance.now() - started)}${warnings} -> ${path.relative(root, dir) || dir}`)
    }
    return { config, pages: rendered, warnings: log.warnings, outDir: dir, session, dataLayer, phases: timer.phases }
  }
}

const fakeAssets: ClientAssets = { entry: '/entry.js', css: [], templateChunks: {}, bundle: 'memory' }

/** A page's route from its identity: `[lang/][version/]slug` (plugins set the prefixes). */
function finalizePagePaths(store: NodeStore): void {
  for (const page of store.getNodesByType('Page')) {
    store.updateNode(page, { path: toRoute({ slug: String(page.slug), langPrefix: String(page.langPrefix ?? ''), versionPrefix: String(page.versionPrefix ?? '') }) })
  }
}

function resolveLinks(store: NodeStore, config: ResolvedConfig): void {
  const pages = store.getNodesByType('Page')
  const context = createLinkContext(pages, config.base, listPublicFiles(config.publicDir))
  const dead: DeadLink[] = []
  for (const page of pages) {
    const resolved = resolvePageLinks(page, context)
    store.updateNode(page, { body: resolved.body })
    dead.push(...resolved.dead)
  }
  if (config.markdown.checkDeadLinks) assertNoDeadLinks(dead)
}

async function createSchema(runner: PluginRunner, store: NodeStore, config: ResolvedConfig, site: ReturnType<typeof siteInfo>, reporterFor: (name: string) => ReturnType<typeof createReporter>): Promise<DataLayer> {
  const typeDefs: string[] = []
  const resolvers: GraphQLResolverMap[] = []
  await runner.run('createSchemaCustomization', (plugin) => ({
    site,
    reporter: reporterFor(plugin.name),
    addTypeDefs: (sdl: string) => void typeDefs.push(sdl),
    addResolvers: (map: GraphQLResolverMap) => void resolvers.push(map),
  }))
  const schema = buildSchema(typeDefs, resolvers)
  return createDataLayer(schema, store, { title: config.title, description: config.description, base: config.base, lang: config.lang, themeConfig: config.themeConfig })
}

async function createPages(runner: PluginRunner, dataLayer: DataLayer, registry: PageRegistry, site: ReturnType<typeof siteInfo>, reporterFor: (name: string) => ReturnType<typeof createReporter>): Promise<RegisteredPage[]> {
  await runner.run('createPages', (plugin) => ({
    site,
    reporter: reporterFor(plugin.name),
    graphql: (query, variables = {}) => dataLayer.query(query, variables, `plugin ${plugin.name}`),
    createPage: (page) => registry.add(page, `plugin ${plugin.name}`),
  }))
  return registry.pages
}

async function bundle(config: ResolvedConfig, siteData: SiteData, runner: PluginRunner, outDir: string): Promise<ClientAssets> {
  const entry = await writeClientEntry({
    root: config.root,
    site: siteData,
    templates: config.theme.templates,
    layout: config.theme.layout,
    styles: config.theme.styles,
    clientModules: runner.clientModules(),
  })
  return bundleClient({ root: config.root, base: config.base, publicDir: config.publicDir, entry, outDir, templates: config.theme.templates })
}

async function renderPages(
  pages: RegisteredPage[],
  dataLayer: DataLayer,
  theme: LoadedTheme,
  siteData: SiteData,
  config: ResolvedConfig,
  runner: PluginRunner,
  mode: 'build' | 'develop',
  assets: ClientAssets,
): Promise<RenderedPage[]> {
  const rendered: RenderedPage[] = []
  for (const page of pages) {
    const template = theme.templates.get(page.template)
    if (!template) continue
    const relativeTemplate = path.relative(config.root, template.file)
    const data = template.query ? await dataLayer.query(template.query, page.context, relativeTemplate) : {}
    const layoutData = theme.layout?.query ? await dataLayer.query(theme.layout.query, page.context, path.relative(config.root, theme.layout.file)) : {}
    const pageData: PageData = { path: page.path, template: page.template, context: page.context, data, layoutData, bundle: assets.bundle }
    const app = renderApp(siteData, pageData, theme)
    const headTags = runner.headTags({ path: page.path, template: page.template, mode, base: config.base })
    const html = htmlShell({ lang: config.lang, head: app.head, body: app.body, page: pageData, assets, headTags: [...config.head, ...headTags] })
    rendered.push({ path: page.path, template: page.template, context: page.context, data, htmlFile: routeToHtmlFile(page.path), html, pageData })
  }
  return rendered
}

async function writePages(pages: RenderedPage[], dir: string): Promise<void> {
  await Promise.all(
    pages.map(async (page) => {
      await writeFileDeep(path.join(dir, page.htmlFile), page.html)
      await writeFileDeep(path.join(dir, routeToDataFile(page.path)), JSON.stringify(page.pageData))
    }),
  )
}

function toSiteData(config: ResolvedConfig): SiteData {
  return { title: config.title, description: config.description, base: config.base, lang: config.lang, icon: config.icon, logo: config.logo, themeConfig: config.themeConfig }
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
