import { markdownCacheDir } from '../incremental/cacheDirs.ts'
import { toRoute } from '../shared/routes.ts'
import { warmMarkdownCache } from '../sources/warmMarkdownCache.ts'
import { sourceNodes, transformNodes } from '../sourceAndTransform.ts'
import type { NodeStore } from '../store/nodeStore.ts'
import type { BuildRun } from './buildRun.ts'
import { preloadDataLayerModules } from './buildDataLayer.ts'
import { resolveLinks } from './resolveLinks.ts'
import { fragmentOptions } from '../markdown/fragmentImports.ts'
import type { SiteRunner } from './createSiteRunner.ts'

export interface TransformOptions {
  /** Transform uncached markdown in worker threads when there is enough of it. Default true. */
  workers?: boolean
  /** Read and write the persistent cache in .sheaf-cache/. Default true. */
  cache?: boolean
  /** Keep transformed markdown in memory for later builds in this process. */
  keepInMemory?: boolean
}

export interface TransformedContent {
  /**
   * Settles when the main thread's core is free for other work (the client bundle): at the start
   * when the markdown transforms on the main thread, so Vite works on the free core meanwhile;
   * when worker threads transform it, once they are done (beside them Vite only raised the peak
   * memory, by a third at N = 1,000).
   */
  coreFree: Promise<void>
  /** Every node, pages with their routes and resolved links. */
  store: Promise<NodeStore>
}

/**
 * Runs `sourceNodes` and `onCreateNode` (markdown first transformed into the cache), then gives pages their routes and
 * links.
 */
export function transformContent(
  { config, site, session, runner }: SiteRunner,
  run: BuildRun,
  options: TransformOptions = {},
): TransformedContent {
  let freeCore: () => void = () => undefined
  const coreFree = new Promise<void>((resolve) => (freeCore = resolve))
  const store = (async () => {
    // A one-shot build's workers store their results in the markdown cache themselves (see MarkdownShareMessage).
    const entryDir = run.mode === 'build' && !options.keepInMemory ? markdownCacheDir(config.root, options.cache) : null
    const markdownOptions = {
      ...config.markdown,
      cache: options.cache !== false,
      entryDir,
      root: config.root,
      configFile: config.configFile,
      fragmentImports: fragmentOptions(config),
    }
    const source = await run.timer.run(
      'source',
      () => sourceNodes(runner, site, run.reporterFor),
      (result) => result.pending.length,
    )
    preloadDataLayerModules()
    await run.timer.run(
      'transform',
      async () => {
        const planned = {
          workers: options.workers !== false,
          threads: config.buildConcurrency,
          onPlan: (workers: number) => workers === 0 && freeCore(),
        }
        await warmMarkdownCache(source.pending, session.markdownCache, { ...markdownOptions, ...planned })
        freeCore()
        return transformNodes(
          runner,
          source,
          site,
          run.reporterFor,
          run.broken.keepGoing ? run.broken.errors : undefined,
        )
      },
      (count) => count,
    )
    finalizePagePaths(source.store)
    // A one-shot build owns its parsed bodies, so links are resolved in place (no second copy).
    resolveLinks(source.store, config, {
      inPlace: run.mode === 'build' && !options.keepInMemory,
      session,
      warn: run.reporterFor('links').warn,
      broken: run.broken,
    })
    return source.store
  })()
  // A failed transform never frees the core: nothing more is started for a build that will fail.
  store.catch(() => undefined)
  return { coreFree, store }
}

/** A page's route from its identity: `[lang/][version/]slug` (plugins set the prefixes). */
export function finalizePagePaths(store: NodeStore): void {
  for (const page of store.getNodesByType('Page')) {
    store.updateNode(page, {
      path: toRoute({
        slug: String(page.slug),
        langPrefix: String(page.langPrefix ?? ''),
        versionPrefix: String(page.versionPrefix ?? ''),
      }),
    })
  }
}
