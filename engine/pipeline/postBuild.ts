import type { DataLayer } from '../dataLayer.ts'
import type { BuiltPage } from '../plugins/types.ts'
import type { BuildRun } from './buildRun.ts'
import type { SiteRunner } from './createSiteRunner.ts'

/** Where post-build files go: the build's staging folder, or the dev server's memory. */
export interface PostBuildTarget {
  /** Absolute path of the folder being written ('' in the dev server, which keeps files in memory). */
  outDir: string
  emitFile(relativePath: string, content: string | Uint8Array): Promise<void>
}

/**
 * Runs every plugin's `onPostBuild` with the built pages: the same API for `sheaf build` (files
 * written to the staging folder) and `sheaf dev` (files served from memory).
 */
export async function postBuild({ site, runner }: SiteRunner, dataLayer: DataLayer, pages: readonly BuiltPage[], target: PostBuildTarget, run: BuildRun): Promise<void> {
  await run.timer.run(
    'post-build',
    () =>
      runner.run('onPostBuild', (plugin) => ({
        site,
        reporter: run.reporterFor(plugin.name),
        graphql: (query, variables = {}) => dataLayer.query(query, variables, `plugin ${plugin.name}`),
        pages,
        outDir: target.outDir,
        emitFile: (relativePath, content) => target.emitFile(relativePath, content),
      })),
    () => runner.plugins.filter((plugin) => plugin.onPostBuild).length,
  )
}
