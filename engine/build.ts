import path from 'node:path'
import type { BuildSession } from './buildContext.ts'
import { siteCacheDir } from './incremental/cacheDirs.ts'
import { bundleInWorker } from './bundle/bundleWorker.ts'
import { writeClientEntry } from './bundle/clientEntry.ts'
import type { ResolvedConfig } from './config/types.ts'
import type { DataLayer } from './dataLayer.ts'
import type { PluginRunner } from './plugins/runner.ts'
import { createPages, prepareSite, toSiteData, type PrepareOptions } from './prepareSite.ts'
import type { ClientAssets } from './render/htmlShell.ts'
import { loadTheme, type LoadedTheme } from './render/loadTheme.ts'
import { themeEntries, themeImporter, type ThemeImportPlan } from './render/themeImporter.ts'
import { scratchThemeDir } from './render/themeBundle.ts'
import { engineModuleDirs } from './loading/siteModules.ts'
import type { RegisteredPage } from './pages/pageRegistry.ts'
import { assertSafeOutputDir, createStagingDir, writeOutputFile, type SourceFolders } from './render/outputDir.ts'
import { cachedBundle } from './incremental/bundleCache.ts'
import { assertPublicLinksInside } from './bundle/publicFiles.ts'
import { engineFingerprint, fingerprintPaths } from './incremental/fingerprint.ts'
import { PageCache } from './incremental/pageCache.ts'
import { engineDir } from './bundle/clientEntry.ts'
import { createHash } from 'node:crypto'
import { renderPages, type RenderContext, type RenderedPage } from './render/renderPages.ts'
import { startRenderWorker } from './render/renderWorker.ts'
import { writeSecurityHeaders } from './render/securityHeaders.ts'
import { formatMs } from './reporter.ts'
import type { SiteData } from './shared/types.ts'
import type { NodeStore } from './store/nodeStore.ts'

export type { RenderedPage }

export interface BuildOptions extends PrepareOptions {
  /** Overrides the config's outDir. */
  outDir?: string
  /** Write the site to disk (default). With false, pages come back in memory and the client is not bundled. */
  write?: boolean
  /** When the build began (`performance.now()`), if before this call: the CLI starts loading the config first. */
  startedAt?: number
}

export interface BuildResult {
  config: ResolvedConfig
  pages: RenderedPage[]
  warnings: string[]
  outDir: string
  session: BuildSession
  dataLayer: DataLayer
  phases: { name: string; count: number; ms: number }[]
  /** Pages whose queries ran (the rest were reused from the cache without querying). */
  queried: number
  /** Pages a render worker rendered (see render/renderWorker.ts). */
  renderedInWorker: number
}

/** The data layer alone (for `sheaf query` and the GraphQL explorer). */
export async function loadDataLayer(root: string, options: PrepareOptions = {}): Promise<{ dataLayer: DataLayer; config: ResolvedConfig; warnings: string[] }> {
  const prepared = await prepareSite(root, { quiet: true, ...options })
  return { dataLayer: prepared.dataLayer, config: prepared.config, warnings: prepared.log.warnings }
}

/** Builds the site: the steps below, one per line, each in its own module. */
export async function build(root: string, options: BuildOptions = {}): Promise<BuildResult> {
  const started = options.startedAt ?? performance.now()
  const sink = options.sink ?? console
  const quiet = options.quiet ?? false
  const mode = options.mode ?? 'build'
  // Written builds start the client bundle during the transform (see PrepareOptions.startBundle).
  // A holder, not a variable: the callback sets it, and TypeScript does not narrow across closures.
  const early: { current: EarlyBundle | null } = { current: null }
  const outDirOf = (config: ResolvedConfig) => (options.outDir ? path.resolve(root, options.outDir) : config.outDir)
  const cacheDir = siteCacheDir(root, options.cache)
  // A written build first makes sure its output folder is one it may replace (never the project
  // or a source folder, never someone's data); the staging folder is made only after that.
  let outputChecked: Promise<void> | null = null
  const checkOutput = (config: ResolvedConfig) => (outputChecked ??= assertSafeOutputDir(outDirOf(config), sourceFolders(config)))
  const startBundle = (config: ResolvedConfig, runner: PluginRunner) => {
    const engine = engineFingerprint(engineDir, root)
    const staging = checkOutput(config).then(() => createStagingDir(outDirOf(config)))
    const assets = staging.then((dir) => bundle(config, toSiteData(config), runner, dir.dir, cacheDir, engine))
    // Awaited after the pages are ready; a failure before then must not go unhandled.
    assets.catch(() => undefined)
    early.current = { engine, staging, assets }
  }
  // The theme's modules load while the pages transform (0.1-0.2 s of imports, on a main thread that
  // waits for workers in a big build); a theme that fails to load fails the build when it is awaited.
  let themeLoad: Promise<LoadedTheme> | null = null
  // A failed build lets its theme import settle before it throws: a build started next (a test,
  // the dev server) would otherwise bundle the same theme at the same time, and the first to
  // finish removes the other's folder as stale.
  const settleThemeLoad = async () => void (await (themeLoad as Promise<LoadedTheme> | null)?.catch(() => undefined))
  const onConfig = (config: ResolvedConfig) => {
    if (options.write !== false) checkOutput(config).catch(() => undefined)
    themeLoad = themeImporter(themePlan(config, cacheDir)).then((importer) => loadTheme(root, config.theme, importer))
    themeLoad.catch(() => undefined)
  }
  let prepared: Awaited<ReturnType<typeof prepareSite>>
  try {
    prepared = await prepareSite(root, { ...options, onConfig, startBundle: options.write === false ? undefined : startBundle })
  } catch (error) {
    await Promise.all([discardEarly(early.current), settleThemeLoad()])
    throw error
  }
  const { config, session, runner, registry, dataLayer, store, site, log, reporterFor, timer } = prepared
  const outDir = outDirOf(config)
  let pages: RegisteredPage[]
  let theme: LoadedTheme
  try {
    if (options.write !== false) {
      await checkOutput(config)
      // The content folders are known only now, from the files sourced.
      await assertSafeOutputDir(outDir, { root, sources: contentFolders(store) })
    }
    pages = await timer.run('pages', () => createPages(runner, dataLayer, registry, site, reporterFor), (list) => list.length)
    theme = await (themeLoad ?? loadTheme(root, config.theme))
  } catch (error) {
    await Promise.all([discardEarly(early.current), settleThemeLoad()])
    throw error
  }
  const siteData = { ...toSiteData(config), notFoundRoutes: pages.map((page) => page.path).filter((route) => route === '/404' || route.endsWith('/404')) }
  let renderedInWorker = 0
  const contextWith = (assets: ClientAssets): RenderContext => ({ dataLayer, theme, siteData, config, runner, mode, assets })
  // A big render shares its pages with a worker thread (see render/renderWorker.ts); SHEAF_RENDER_WORKER=0 keeps it on this one.
  const renderWorkerFor = (assets: ClientAssets) =>
    options.workers === false || process.env.SHEAF_RENDER_WORKER === '0' ? undefined : (dir: string) => startRenderWorker({ root, theme: config.theme, plan: themePlan(config, cacheDir), siteData, assets, outDir: dir })

  if (options.write === false || !early.current) {
    const { pages: rendered, queried } = await timer.run('render', () => renderPages(pages, contextWith(memoryAssets)), (result) => result.pages.length)
    await session.flush()
    return finish(rendered, outDir, queried)
  }

  const { engine, assets: bundled } = early.current
  let rendered: RenderedPage[]
  let queried = 0
  const staging = await early.current.staging
  try {
    // The bundle has been building since the transform; this waits for what is left.
    const assets = await timer.run('bundle', () => bundled, () => 1)
    // Anything that can change every page: the engine, the config and theme sources, the client bundle, the site data.
    const key = createHash('sha1').update(engine).update(fingerprintPaths([config.configFile, path.dirname(config.configFile), ...Object.values(config.theme.templates), ...(config.theme.layout ? [config.theme.layout] : [])])).update(assets.bundle).update(mode).update(JSON.stringify(siteData)).digest('hex')
    // One manifest per output folder: reuse copies files from that folder's previous build.
    const manifestName = `pages-${createHash('sha1').update(outDir).digest('hex').slice(0, 12)}.json`
    const pageCache = cacheDir ? new PageCache(path.join(cacheDir, manifestName), key, store) : null
    const result = await timer.run(
      'render',
      () => renderPages(pages, { ...contextWith(assets), startRenderWorker: renderWorkerFor(assets) }, { outDir: staging.dir, cache: pageCache ? { pages: pageCache, previousOutDir: outDir } : undefined }),
      (output) => output.pages.length - output.reused,
    )
    rendered = result.pages
    queried = result.queried
    renderedInWorker = result.offloaded
    await timer.run(
      'post-build',
      () =>
        runner.run('onPostBuild', (plugin) => ({
          site,
          reporter: reporterFor(plugin.name),
          graphql: (query, variables = {}) => dataLayer.query(query, variables, `plugin ${plugin.name}`),
          pages: rendered,
          outDir: staging.dir,
          emitFile: (relativePath, content) => writeOutputFile(staging.dir, relativePath, content),
        })),
      () => runner.plugins.filter((plugin) => plugin.onPostBuild).length,
    )
    await writeSecurityHeaders(staging.dir, config, runner, pages, mode)
    await staging.commit()
    pageCache?.save()
    await session.flush()
  } catch (error) {
    await staging.discard()
    throw error
  }
  return finish(rendered, outDir, queried)

  function finish(rendered: RenderedPage[], dir: string, queried: number): BuildResult {
    if (!quiet) {
      const warnings = log.warnings.length ? `, ${log.warnings.length} warning${log.warnings.length === 1 ? '' : 's'}` : ''
      sink.log(`built ${rendered.length} pages in ${formatMs(performance.now() - started)}${warnings} -> ${path.relative(root, dir) || dir}`)
    }
    return { config, pages: rendered, warnings: log.warnings, outDir: dir, session, dataLayer, phases: timer.phases, queried, renderedInWorker }
  }
}

/** The folders of a site's sources that its output folder must keep clear of (see assertSafeOutputDir). */
function sourceFolders(config: ResolvedConfig): SourceFolders {
  const theme = [...Object.values(config.theme.templates), ...(config.theme.layout ? [config.theme.layout] : []), ...config.theme.styles].map((file) => ({ label: 'theme', dir: path.dirname(file) }))
  return { root: config.root, sources: [{ label: 'config', dir: path.dirname(config.configFile) }, { label: 'public', dir: config.publicDir }, ...theme] }
}

/** The folders File nodes were read from (a File node's absolutePath ends with its relativePath). */
function contentFolders(store: NodeStore): SourceFolders['sources'] {
  const dirs = new Set<string>()
  for (const node of store.getNodesByType('File')) {
    const { absolutePath, relativePath } = node as { absolutePath?: unknown; relativePath?: unknown }
    if (typeof absolutePath !== 'string' || typeof relativePath !== 'string') continue
    const suffix = relativePath.split('/').join(path.sep)
    if (absolutePath.endsWith(`${path.sep}${suffix}`)) dirs.add(absolutePath.slice(0, -suffix.length - 1))
  }
  return [...dirs].map((dir) => ({ label: 'content', dir }))
}

type Staging = Awaited<ReturnType<typeof createStagingDir>>

/** A client bundle started during the transform, into its staging folder. */
interface EarlyBundle {
  /** The engine fingerprint, hashed once: the bundle's cache key and the page cache's both take it. */
  engine: string
  staging: Promise<Staging>
  assets: Promise<ClientAssets>
}

/** A build that failed before rendering: let the bundle settle, then remove its staging folder. */
async function discardEarly(early: EarlyBundle | null): Promise<void> {
  if (!early) return
  await early.assets.catch(() => undefined)
  await (await early.staging.catch(() => null))?.discard()
}

/**
 * A build imports its theme from a bundle kept in the site's cache (see themeBundle.ts), or, in a
 * build without a cache, in a scratch folder of this process: importing the sources would give a
 * second build in the same process the modules the first one imported, not the files as they are
 * now.
 */
function themePlan(config: ResolvedConfig, cacheDir: string | null): ThemeImportPlan {
  return { entries: themeEntries(config.theme), cacheDir: cacheDir ? path.join(cacheDir, 'theme') : scratchThemeDir(), engineDirs: engineModuleDirs() }
}

const memoryAssets: ClientAssets = { entry: '/entry.js', css: [], templateChunks: {}, bundle: 'memory' }

/** The client bundle; reused from the cache when none of its inputs changed. */
async function bundle(config: ResolvedConfig, siteData: SiteData, runner: PluginRunner, outDir: string, cacheDir: string | null, engine: string): Promise<ClientAssets> {
  const input = {
    root: config.root,
    site: siteData,
    templates: config.theme.templates,
    layout: config.theme.layout,
    styles: config.theme.styles,
    clientModules: runner.clientModules(),
  }
  // Before the cache: a link added since the last build must be refused even when nothing else changed.
  assertPublicLinksInside(config.root, config.publicDir)
  const run = async () => bundleInWorker({ root: config.root, base: config.base, publicDir: config.publicDir, entry: await writeClientEntry(input), outDir, templates: config.theme.templates })
  if (!cacheDir) return run()
  const sources = [...Object.values(input.templates), ...(input.layout ? [input.layout] : []), ...input.styles, ...input.clientModules].map((file) => path.dirname(file))
  const key = createHash('sha1').update(engine).update(fingerprintPaths([...sources, config.publicDir])).update(JSON.stringify(input)).update(config.base).digest('hex')
  return (await cachedBundle(cacheDir, key, outDir, run)).assets
}
