import path from 'node:path'
import { createBuildSession, sessionKey, type BuildSession } from '../buildContext.ts'
import type { ResolvedConfig } from '../config/types.ts'
import { corePages } from '../pages/corePages.ts'
import { PageRegistry } from '../pages/pageRegistry.ts'
import { flattenPlugins } from '../plugins/flattenPlugins.ts'
import { createPluginRunner, type PluginRunner } from '../plugins/runner.ts'
import type { SiteInfo } from '../plugins/types.ts'
import { markdownTransformer } from '../sources/markdownTransformer.ts'
import { siteInfo } from '../sourceAndTransform.ts'
import { outlineTransformer } from './outlineTransformer.ts'
import type { BuildRun } from './buildRun.ts'
import { fragmentMatcher } from '../markdown/fragmentImports.ts'

/** The site's plugins, in the order their hooks run, with what they share across a build. */
export interface SiteRunner {
  config: ResolvedConfig
  site: SiteInfo
  session: BuildSession
  runner: PluginRunner
  registry: PageRegistry
}

export interface SiteRunnerOptions {
  /** Reused between builds in one process (dev server, tests) while the markdown options stay the same. */
  session?: BuildSession
  /** Read and write the persistent cache in .sheaf-cache/. Default true. */
  cache?: boolean
  /** Keep transformed markdown in memory for later builds in this process (always on in develop mode). */
  keepInMemory?: boolean
}

/**
 * The plugin runner: the built-in markdown transformer first, the site's plugins in config order,
 * and the built-in page creator last (so a plugin's pages win over a file's).
 */
export async function createSiteRunner(
  config: ResolvedConfig,
  run: BuildRun,
  options: SiteRunnerOptions = {},
  pages: 'transformed' | 'outline' = 'transformed',
): Promise<SiteRunner> {
  const reusable = options.session && options.session.key === sessionKey(config)
  const session = reusable
    ? (options.session as BuildSession)
    : await createBuildSession(config, {
        cache: options.cache,
        keepInMemory: run.mode === 'develop' || options.keepInMemory === true,
      })
  const registry = new PageRegistry(config.theme.templates, config.root)
  // Fragments (`markdown.fragments`) are shown where pages import them, never pages themselves.
  const isFragment = fragmentMatcher(config.markdown.fragments)
  const runner = createPluginRunner([
    // 'outline': pages from front-matter and file names only, bodies transformed on demand (the dev server's cold
    // start; see outlineTransformer.ts).
    pages === 'outline'
      ? outlineTransformer(session.markdownCache, config.lang, isFragment)
      : markdownTransformer(session.processor, session.markdownCache, config.lang, isFragment),
    ...flattenPlugins(config.plugins, path.relative(config.root, config.configFile)),
    corePages(config.theme.templates, (page, source) => registry.add(page, source)),
  ])
  // Pages carry their portable markdown when a plugin publishes it (part of the markdown cache's keys).
  session.markdownCache.portableMarkdown = runner.plugins.some((plugin) => plugin.portableMarkdown === true)
  if (!run.quiet) run.sink.log(`sheaf ${run.mode}: ${config.title}`)
  return { config, site: siteInfo(config, run.mode), session, runner, registry }
}
