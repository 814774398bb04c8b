import fs from 'node:fs'
import type { LoadedSite, LoadOptions } from '../build.ts'
import type { ResolvedConfig } from '../config/types.ts'
import { markdownCacheDir } from '../incremental/cacheDirs.ts'
import { loadConfig } from '../config/loadConfig.ts'
import { buildDataLayer } from '../pipeline/buildDataLayer.ts'
import { startRun, type BuildRun } from '../pipeline/buildRun.ts'
import { createSiteRunner, type SiteRunner } from '../pipeline/createSiteRunner.ts'
import { outlineContent } from '../pipeline/outlineContent.ts'
import { BodyWorker, discardBodyWorker } from './bodyWorker.ts'
import { PageBodies } from './pageBodies.ts'
import { traceStart } from './startTrace.ts'

export type OutlineSite = LoadedSite & { bodies: PageBodies }

/**
 * The dev server's cold start, in two steps: `openOutline` (the config and the plugin runner:
 * what Vite and the theme need to start) and `load` (the site as `loadSite` in build.ts loads it,
 * up to its data layer, but with outline pages: titles, routes and sidebars from front-matter and
 * file names, whose bodies `bodies` transforms when they are asked for). The full load (every
 * body, links, dead-link and other checks) follows in the background once a page is served.
 */
export async function openOutline(
  root: string,
  options: LoadOptions = {},
): Promise<SiteRunner & { run: BuildRun; load(wanted?: () => Iterable<string>): Promise<OutlineSite> }> {
  const run = startRun(options)
  const config = await (options.config ?? loadConfig(root, options.configFile, { cache: options.cache }))
  // At a cold start (no markdown cache), the first pages' bodies are transformed on another
  // thread, which loads its pipeline from now on. A restart finds them in the cache (as a
  // rebuild does, see transformContent.ts): a worker would load for nothing, on the core Vite and
  // the theme use; a page missing from it is transformed on this thread.
  const worker = hasMarkdownCache(config) ? (discardBodyWorker(), null) : new BodyWorker(config)
  let site: SiteRunner
  try {
    site = await createSiteRunner(config, run, options, 'outline')
  } catch (error) {
    worker?.close()
    throw error
  }
  /** `wanted`: the routes asked for so far, whose bodies the worker starts on once the outline's pages exist. */
  const load = async (wanted?: () => Iterable<string>): Promise<OutlineSite> => {
    try {
      const store = await outlineContent(site, run)
      traceStart('outline pages')
      const bodies = new PageBodies(
        store,
        site.session,
        { base: config.base, publicDir: config.publicDir, root: config.root, lang: config.lang },
        worker,
      )
      // Before the data layer (its schema) and the pages are made on this thread.
      if (wanted) bodies.prefetch(wanted())
      const dataLayer = await buildDataLayer(site, store, run)
      traceStart('data layer')
      return { ...site, run, store, dataLayer, bodies }
    } catch (error) {
      worker?.close()
      await site.session.flush()
      throw error
    }
  }
  return { ...site, run, load }
}

function hasMarkdownCache(config: ResolvedConfig): boolean {
  const dir = markdownCacheDir(config.root, undefined)
  return dir !== null && fs.existsSync(dir)
}
