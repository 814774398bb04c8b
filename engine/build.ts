import path from 'node:path'
import type { BuildSession } from './buildContext.ts'
import { loadConfig } from './config/loadConfig.ts'
import type { ResolvedConfig } from './config/types.ts'
import type { DataLayer } from './dataLayer.ts'
import { siteCacheDir, themeCacheDir } from './incremental/cacheDirs.ts'
import { sortedByPlace } from './pipeline/brokenFiles.ts'
import { buildDataLayer } from './pipeline/buildDataLayer.ts'
import { commitOutput, openBuildOutput } from './pipeline/buildOutput.ts'
import { copyContentAssets } from './pipeline/copyContentAssets.ts'
import { startRun, type BuildRun, type RunOptions } from './pipeline/buildRun.ts'
import { createPages, openQueryMemo } from './pipeline/createPages.ts'
import { createSiteRunner, type SiteRunner, type SiteRunnerOptions } from './pipeline/createSiteRunner.ts'
import { importTheme, type ThemeImport } from './pipeline/importTheme.ts'
import { withSiteTemplates } from './pipeline/siteTemplates.ts'
import { postBuild, type PostBuildResult } from './pipeline/postBuild.ts'
import { renderInMemory, renderToOutput, type RenderedSite } from './pipeline/renderSite.ts'
import { prepareStaticQueries, staticQueryModules } from './pipeline/staticQueries.ts'
import { transformContent, type TransformOptions } from './pipeline/transformContent.ts'
import type { RenderedPage } from './render/renderPages.ts'
import { writeSecurityHeaders } from './render/securityHeaders.ts'
import { formatMs } from './reporter.ts'
import type { NodeStore } from './store/nodeStore.ts'
import type { SheafError } from './errors.ts'

export type { RenderedPage }

export interface LoadOptions extends RunOptions, SiteRunnerOptions, TransformOptions {
  configFile?: string
  /** The config, when its load is already under way (the CLI starts it while the engine loads). */
  config?: Promise<ResolvedConfig>
}

export interface BuildOptions extends LoadOptions {
  /** Overrides the config's outDir. */
  outDir?: string
  /** Write the site to disk (default). With false, pages come back in memory and the client is not bundled. */
  write?: boolean
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
  /**
   * With `keepGoing`: the located errors of the files that made no page (or hold a dead link), in
   * file order. The pages without one were written; the caller reports these and fails.
   */
  errors: SheafError[]
}

/** A site loaded up to its data layer: what `sheaf query`, typegen and the dev server start from. */
export interface LoadedSite extends SiteRunner {
  run: BuildRun
  store: NodeStore
  dataLayer: DataLayer
}

/** Loads the config, runs source and transform, and builds the data layer, ready for queries. */
export async function loadSite(root: string, options: LoadOptions = {}): Promise<LoadedSite> {
  const run = startRun(options)
  const config = await (options.config ?? loadConfig(root, options.configFile, { cache: options.cache }))
  const site = await createSiteRunner(config, run, options)
  try {
    const store = await transformContent(site, run, options).store
    const dataLayer = await buildDataLayer(site, store, run)
    return { ...site, run, store, dataLayer }
  } catch (error) {
    // The markdown cache writes in the background: a failed load lets them finish, so a caller
    // that removes the site (a test, a dev server stopping) never races a write into it.
    await site.session.flush()
    throw error
  }
}

/** The data layer alone (for `sheaf query` and typegen). */
export async function loadDataLayer(
  root: string,
  options: LoadOptions = {},
): Promise<{ dataLayer: DataLayer; config: ResolvedConfig; warnings: string[] }> {
  const loaded = await loadSite(root, { quiet: true, ...options })
  return { dataLayer: loaded.dataLayer, config: loaded.config, warnings: loaded.run.log.warnings }
}

/**
 * Builds the site. Each step is one module of engine/pipeline/; the client bundle and the theme's
 * import start early and are awaited when rendering needs them. A written build goes to a staging
 * folder that replaces the output only when every step succeeded.
 */
export async function build(root: string, options: BuildOptions = {}): Promise<BuildResult> {
  if (options.write === false) return buildInMemory(root, options)
  const run = startRun(options)
  const config = await (options.config ?? loadConfig(root, options.configFile, { cache: options.cache }))
  const cacheDir = siteCacheDir(root, options.cache)
  const output = openBuildOutput(config, options.outDir, cacheDir)
  const themeDir = themeCacheDir(root, options.cache)
  const theme = importTheme(config, themeDir)
  let site: SiteRunner | undefined
  let rendering: { site: SiteRunner; theme: ThemeImport } | undefined
  let afterPostBuild: PostBuildResult | undefined
  try {
    site = await createSiteRunner(config, run, options)
    const content = transformContent(site, run, options)
    output.bundleWhen(content.coreFree, site.runner)
    const store = await content.store
    await output.checkContentFolders(store)
    const dataLayer = await buildDataLayer(site, store, run)
    const memo = openQueryMemo(config, cacheDir, output.engine, run.mode, store)
    const pages = await createPages(site, dataLayer, run, memo)
    rendering = renderingWith(site, theme, themeDir)
    output.bundleFor(rendering.site.config)
    const statics = await prepareStaticQueries(
      staticQueryModules(rendering.site.config),
      root,
      config.base,
      dataLayer,
      run,
    )
    const rendered = await renderToOutput(
      rendering.site,
      { pages, dataLayer, theme: rendering.theme, store, statics },
      output,
      cacheDir,
      options,
      run,
    )
    await copyContentAssets(site.session.contentAssets, await output.target())
    afterPostBuild = await postBuild(site, dataLayer, rendered.pages, await output.target(), run)
    await writeSecurityHeaders((await output.staging()).dir, config, site.runner, pages, run.mode)
    await commitOutput(output, rendered, site.session)
    // Every file was keyed by this build: entries no file has now are never read again.
    await site.session.markdownCache.prune()
    // Saved only with the output it was made for: a build that fails keeps the last one.
    memo?.save()
    // What plugins handed to `waitUntil` (work that may go on while the output is committed).
    await afterPostBuild.settled
    return finish(run, { ...site, dataLayer }, rendered, output.dir)
  } catch (error) {
    // Background cache writes finish too: nothing of a failed build is still writing after it rejects.
    await Promise.all([
      output.discard(),
      theme.settled(),
      rendering?.theme.settled(),
      site?.session.flush(),
      afterPostBuild?.settled,
    ])
    throw error
  }
}

/** `build({ write: false })`: the pages rendered in memory, no client bundle, nothing written. */
async function buildInMemory(root: string, options: BuildOptions): Promise<BuildResult> {
  const run = startRun(options)
  const config = await (options.config ?? loadConfig(root, options.configFile, { cache: options.cache }))
  const themeDir = themeCacheDir(root, options.cache)
  const theme = importTheme(config, themeDir)
  try {
    const site = await createSiteRunner(config, run, options)
    const store = await transformContent(site, run, options).store
    const dataLayer = await buildDataLayer(site, store, run)
    const pages = await createPages(site, dataLayer, run)
    const rendering = renderingWith(site, theme, themeDir)
    const statics = await prepareStaticQueries(
      staticQueryModules(rendering.site.config),
      root,
      config.base,
      dataLayer,
      run,
    )
    const rendered = await renderInMemory(
      rendering.site,
      { pages, dataLayer, theme: rendering.theme, store, statics },
      run,
    )
    await site.session.flush()
    return finish(
      run,
      { ...site, dataLayer },
      rendered,
      options.outDir ? path.resolve(root, options.outDir) : config.outDir,
    )
  } catch (error) {
    await theme.settled()
    throw error
  }
}

/**
 * What renders the pages: the site and theme as loaded, or, when a plugin created pages from
 * templates of the site's own (createPage's `component`), a config and a theme import that add
 * them to the theme's (the early import knew only the theme's; it settles unused).
 */
function renderingWith(
  site: SiteRunner,
  theme: ThemeImport,
  themeDir: string | null,
): { site: SiteRunner; theme: ThemeImport } {
  const config = withSiteTemplates(site.config, site.registry.siteTemplates.templates)
  if (config === site.config) return { site, theme }
  return { site: { ...site, config }, theme: importTheme(config, themeDir) }
}

function finish(
  run: BuildRun,
  site: SiteRunner & { dataLayer: DataLayer },
  rendered: RenderedSite,
  outDir: string,
): BuildResult {
  if (!run.quiet) {
    const count = run.log.warnings.length
    const warnings = count ? `, ${count} warning${count === 1 ? '' : 's'}` : ''
    const broken = run.broken.errors.length
      ? `, ${new Set(run.broken.errors.map((error) => error.file)).size} files with errors`
      : ''
    run.sink.log(
      `built ${rendered.pages.length} pages${broken} ` +
        `in ${formatMs(performance.now() - run.startedAt)}${warnings} ` +
        `-> ${path.relative(site.config.root, outDir) || outDir}`,
    )
  }
  const errors = sortedByPlace(run.broken.errors)
  return {
    config: site.config,
    pages: rendered.pages,
    warnings: run.log.warnings,
    outDir,
    session: site.session,
    dataLayer: site.dataLayer,
    phases: run.timer.phases,
    queried: rendered.queried,
    renderedInWorker: rendered.offloaded,
    errors,
  }
}
