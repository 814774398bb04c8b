import fs from 'node:fs'
import path from 'node:path'
import { prestartBundleWorker } from '../bundle/bundleWorker.ts'
import { loadConfig } from '../config/loadConfig.ts'
import { formatError } from '../errors.ts'
import { bundleCacheDir, markdownCacheDir } from '../incremental/cacheDirs.ts'
import type { CommandContext } from './commandLine.ts'
import { failUnfinishedBuild, unfinishedBuildError } from './unfinishedBuild.ts'

/** `sheaf build`: 0 when pages were written and nothing failed. */
export async function buildCommand({ root, values }: CommandContext): Promise<number> {
  // A cold build (no transformed pages kept) starts its bundle worker before loading the
  // engine (see bundleWorker.ts).
  const markdownCache = markdownCacheDir(root, undefined)
  if (markdownCache && !fs.existsSync(markdownCache)) {
    // Bundles outlive the site cache (see bundleCacheDir): the worker starts only when none is kept.
    const bundles = bundleCacheDir(root, undefined)
    if (!bundles || !fs.existsSync(bundles) || fs.readdirSync(bundles).length === 0) prestartBundleWorker()
  }
  // The config loads (esbuild bundles it in its own process) while the engine's modules load.
  const startedAt = performance.now()
  const config = loadConfig(root, values.config)
  config.catch(() => undefined)
  const [{ build }, outputDir, { runningHooks }] = await Promise.all([
    import('../build.ts'),
    import('../render/outputDir.ts'),
    import('../plugins/runner.ts'),
  ])
  const stopWatching = failUnfinishedBuild(() => {
    outputDir.discardAllStagingSync()
    return unfinishedBuildError(runningHooks(), 'build')
  }, values.verbose)
  try {
    const result = await build(root, {
      configFile: values.config,
      config,
      outDir: values.out,
      quiet: values.quiet,
      startedAt,
      keepGoing: values['keep-going'],
    })
    await outputDir.outputCleanup()
    if (result.errors.length > 0) {
      const { combinedContentErrors } = await import('../pipeline/brokenFiles.ts')
      console.error(formatError(combinedContentErrors(result.errors), { verbose: values.verbose }))
      console.error(
        `--keep-going: ${result.pages.length} pages written to ${displayPath(root, result.outDir)}, ` +
          `which they replaced; the files above are left out (a page with a dead link is written with it).`,
      )
      return 1
    }
    return result.pages.length > 0 ? 0 : 1
  } finally {
    stopWatching()
  }
}

/** A folder as the user would type it: relative to the site when inside it, absolute otherwise. */
function displayPath(root: string, dir: string): string {
  const relative = path.relative(root, dir)
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? dir : relative
}
