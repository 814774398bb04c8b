import { sourceNodes, transformNodes } from '../sourceAndTransform.ts'
import type { NodeStore } from '../store/nodeStore.ts'
import type { BuildRun } from './buildRun.ts'
import { preloadDataLayerModules } from './buildDataLayer.ts'
import type { SiteRunner } from './createSiteRunner.ts'
import { finalizePagePaths } from './transformContent.ts'

/**
 * transformContent.ts for a runner made with `outline: true`: `sourceNodes` and `onCreateNode`
 * (markdown files become outline pages, see outlineTransformer.ts) and the pages' routes; no
 * markdown is parsed, so no workers, and no links are resolved (they are in the bodies).
 */
export async function outlineContent({ site, runner }: SiteRunner, run: BuildRun): Promise<NodeStore> {
  const source = await run.timer.run(
    'source',
    () => sourceNodes(runner, site, run.reporterFor),
    (result) => result.pending.length,
  )
  preloadDataLayerModules()
  await run.timer.run(
    'outline',
    () => transformNodes(runner, source, site, run.reporterFor),
    (count) => count,
  )
  finalizePagePaths(source.store)
  return source.store
}
