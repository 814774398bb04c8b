import type { DataLayer } from '../dataLayer.ts'
import { trackRunning } from '../plugins/runner.ts'
import type { BuiltPage } from '../plugins/types.ts'
import type { BuildRun } from './buildRun.ts'
import type { SiteRunner } from './createSiteRunner.ts'

/** Where post-build files go: the build's staging folder, or the dev server's memory. */
export interface PostBuildTarget {
  /** Absolute path of the folder being written ('' in the dev server, which keeps files in memory). */
  outDir: string
  emitFile(relativePath: string, content: string | Uint8Array): Promise<void>
}

/** What the post-build leaves running: the plugins' `waitUntil` work, settled (a failure warned of). */
export interface PostBuildResult {
  settled: Promise<void>
}

/**
 * Runs every plugin's `onPostBuild` with the built pages: the same API for `sheaf build` (files
 * written to the staging folder) and `sheaf dev` (files served from memory). The plugins' hooks
 * run at once, as Docusaurus runs its `postBuild`s: each writes its own files, and one waiting for
 * its worker (search's index) no longer holds up the others (N=1,000 one-page rebuild: the
 * llms twins, social cards and redirects, 0.4 s, now run while the search index is finished).
 */
export async function postBuild(
  { site, runner }: SiteRunner,
  dataLayer: DataLayer,
  pages: readonly BuiltPage[],
  target: PostBuildTarget,
  run: BuildRun,
): Promise<PostBuildResult> {
  const later: Promise<unknown>[] = []
  await run.timer.run(
    'post-build',
    () =>
      runner.runConcurrently('onPostBuild', (plugin) => ({
        site,
        reporter: run.reporterFor(plugin.name),
        graphql: (query, variables = {}) => dataLayer.query(query, variables, `plugin ${plugin.name}`),
        pages,
        outDir: target.outDir,
        emitFile: (relativePath, content) => target.emitFile(relativePath, content),
        waitUntil: (task) => {
          const warn = run.reporterFor(plugin.name).warn
          later.push(
            trackRunning(plugin.name, 'waitUntil', task).catch((error: unknown) =>
              warn(`the work handed to waitUntil failed: ${error instanceof Error ? error.message : String(error)}`),
            ),
          )
        },
      })),
    () => runner.plugins.filter((plugin) => plugin.onPostBuild).length,
  )
  return { settled: Promise.all(later).then(() => undefined) }
}
