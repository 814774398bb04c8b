import { createHash } from 'node:crypto'
import path from 'node:path'
import type { DataLayer } from '../dataLayer.ts'
import { fingerprintPaths } from '../incremental/fingerprint.ts'
import { PageCache } from '../incremental/pageCache.ts'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import type { ClientAssets } from '../render/htmlShell.ts'
import type { RenderContext } from '../render/renderContext.ts'
import { renderPages, type RenderedPage } from '../render/renderPages.ts'
import { startRenderWorker } from '../render/renderWorker.ts'
import type { NodeStore } from '../store/nodeStore.ts'
import type { BuildRun } from './buildRun.ts'
import type { BuildOutput } from './buildOutput.ts'
import type { SiteRunner } from './createSiteRunner.ts'
import type { ThemeImport } from './importTheme.ts'
import { pageStatics, type StaticQueriesOutput } from './staticQueries.ts'
import { toSiteData, withNotFoundRoutes } from './siteData.ts'

export interface RenderedSite {
  pages: RenderedPage[]
  /** Pages whose queries ran (the rest were reused from the page cache without querying). */
  queried: number
  /** Pages a render worker rendered (see render/renderWorker.ts). */
  offloaded: number
  /** Saved only with the output it describes (see commitOutput): a build that fails later keeps the old manifest. */
  pageCache?: PageCache | null
}

interface RenderInput {
  pages: RegisteredPage[]
  dataLayer: DataLayer
  theme: ThemeImport
  store: NodeStore
  /** The static queries' results and their file (none: the site has no static query). */
  statics?: StaticQueriesOutput | null
}

/** Renders every page in memory (no client bundle, nothing written): `build({ write: false })`. */
export async function renderInMemory(
  { config, runner }: SiteRunner,
  { pages, dataLayer, theme, statics }: RenderInput,
  run: BuildRun,
): Promise<RenderedSite> {
  const context: RenderContext = {
    dataLayer,
    theme: await theme.theme,
    siteData: siteDataFor(config, pages),
    config,
    runner,
    mode: run.mode,
    assets: memoryAssets,
    statics: pageStatics(statics),
  }
  const result = await run.timer.run(
    'render',
    () => renderPages(pages, context),
    (output) => output.pages.length,
  )
  return { pages: result.pages, queried: result.queried, offloaded: result.offloaded }
}

/**
 * Renders every page into the staging folder once the client bundle is ready. A page whose inputs
 * did not change since the last build into the same folder is linked from it instead (PageCache).
 */
export async function renderToOutput(
  { config, runner }: SiteRunner,
  { pages, dataLayer, theme, store, statics }: RenderInput,
  output: BuildOutput,
  cacheDir: string | null,
  options: { workers?: boolean },
  run: BuildRun,
): Promise<RenderedSite> {
  const siteData = siteDataFor(config, pages)
  // The bundle has been building since the transform; this waits for what is left.
  const assets = await run.timer.run(
    'bundle',
    () => output.assets(),
    () => 1,
  )
  const staging = await output.staging()
  // One file for the whole site, named by its content: a page loads it once, however many it shows.
  if (statics) await (await output.target()).emitFile(statics.asset.file, statics.asset.json)
  // Anything that can change every page: the engine, the config and theme sources, the client bundle, the site data,
  // the static query results.
  const themeFiles = [...Object.values(config.theme.templates), ...(config.theme.layout ? [config.theme.layout] : [])]
  const key = createHash('sha1')
    .update(output.engine)
    .update(fingerprintPaths([config.configFile, path.dirname(config.configFile), ...themeFiles]))
    .update(assets.bundle)
    .update(run.mode)
    .update(JSON.stringify(siteData))
    .update(statics?.asset.hash ?? '')
    .digest('hex')
  // One manifest per output folder: reuse copies files from that folder's previous build.
  const manifestName = `pages-${createHash('sha1').update(output.dir).digest('hex').slice(0, 12)}.json`
  const pageCache = cacheDir ? new PageCache(path.join(cacheDir, manifestName), key, store) : null
  // A big render shares its pages with a worker thread (see render/renderWorker.ts); SHEAF_RENDER_WORKER=0 keeps it on
  // this one.
  const offload =
    options.workers === false || config.buildConcurrency < 2 || process.env.SHEAF_RENDER_WORKER === '0'
      ? undefined
      : (dir: string) =>
          startRenderWorker({
            root: config.root,
            theme: config.theme,
            plan: theme.plan,
            siteData,
            assets,
            outDir: dir,
            statics: pageStatics(statics),
          })
  const context: RenderContext = {
    dataLayer,
    theme: await theme.theme,
    siteData,
    config,
    runner,
    mode: run.mode,
    assets,
    startRenderWorker: offload,
    statics: pageStatics(statics),
  }
  const result = await run.timer.run(
    'render',
    () =>
      renderPages(pages, context, {
        outDir: staging.dir,
        cache: pageCache ? { pages: pageCache, previousOutDir: output.dir } : undefined,
      }),
    (rendered) => rendered.pages.length - rendered.reused,
  )
  return { pages: result.pages, queried: result.queried, offloaded: result.offloaded, pageCache }
}

function siteDataFor(config: SiteRunner['config'], pages: RegisteredPage[]) {
  return withNotFoundRoutes(
    toSiteData(config),
    pages.map((page) => page.path),
  )
}

const memoryAssets: ClientAssets = { entry: '/entry.js', css: [], templateChunks: {}, bundle: 'memory' }
