import type { ResolvedConfig } from '../config/types.ts'
import type { DataLayer } from '../dataLayer.ts'
import { themeEntries } from '../render/themeImporter.ts'
import type { PageStatics } from '../render/renderContext.ts'
import type { StaticQueryResults } from '../shared/staticQuery.ts'
import { collectStaticQueries } from '../statics/collectStaticQueries.ts'
import { runStaticQueries } from '../statics/runStaticQueries.ts'
import { staticQueryAsset, type StaticQueryAsset } from '../statics/staticQueryAsset.ts'
import type { BuildRun } from './buildRun.ts'

/** The static queries' results for the render, and the file they ship in. */
export interface StaticQueriesOutput {
  results: StaticQueryResults
  asset: StaticQueryAsset
}

/**
 * The modules whose folders hold the static queries: the theme's layout and templates (the site's
 * own included, see withSiteTemplates) and the config, whose folder holds the site's components.
 */
export function staticQueryModules(config: ResolvedConfig): string[] {
  return [...themeEntries(config.theme), config.configFile]
}

/**
 * Finds the static queries in the modules the site renders with (`modules`: the theme's layout
 * and templates, the site's own templates), runs each once, and makes the file that ships their
 * results. Null when there is none: a site without static queries ships nothing more. `reads`
 * collects the node ids (and fields) the queries read, for the dev server to tell when to run them again.
 */
export async function prepareStaticQueries(
  modules: readonly string[],
  root: string,
  base: string,
  dataLayer: DataLayer,
  run: BuildRun,
  reads?: Set<string>,
): Promise<StaticQueriesOutput | null> {
  return run.timer.run(
    'statics',
    async () => {
      const queries = collectStaticQueries(modules, root)
      if (queries.length === 0) return null
      const results = await runStaticQueries(queries, dataLayer, reads)
      return { results, asset: staticQueryAsset(results, base) }
    },
    (output) => (output ? Object.keys(output.results).length : 0),
  )
}

/** What a render takes of them (see RenderContext.statics). */
export function pageStatics(statics: StaticQueriesOutput | null | undefined): PageStatics | null {
  return statics ? { results: statics.results, url: statics.asset.url } : null
}
