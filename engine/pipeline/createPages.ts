import { createHash } from 'node:crypto'
import path from 'node:path'
import type { ResolvedConfig } from '../config/types.ts'
import type { DataLayer } from '../dataLayer.ts'
import { fingerprintPaths } from '../incremental/fingerprint.ts'
import { QueryMemo, throughJson } from '../incremental/queryMemo.ts'
import type { NodeStore } from '../store/nodeStore.ts'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import type { GraphqlRunner } from '../plugins/types.ts'
import type { BuildRun } from './buildRun.ts'
import type { SiteRunner } from './createSiteRunner.ts'
import { toSiteData } from './siteData.ts'

/**
 * Runs every plugin's `createPages` (the built-in page creator last) and returns the pages to render.
 * `memo`: results of the plugins' `reuse` computations kept from the last build (none: each runs).
 */
export async function createPages(
  { site, runner, registry }: SiteRunner,
  dataLayer: DataLayer,
  run: BuildRun,
  memo?: QueryMemo | null,
): Promise<RegisteredPage[]> {
  return run.timer.run(
    'pages',
    async () => {
      await runner.run('createPages', (plugin) => {
        const source = `plugin ${plugin.name}`
        const graphqlRecording =
          (reads?: Set<string>): GraphqlRunner =>
          (query, variables = {}) =>
            dataLayer.query(query, variables, source, reads)
        return {
          site,
          reporter: run.reporterFor(plugin.name),
          graphql: graphqlRecording(),
          getNodesByType: (type) => dataLayer.context().store.getNodesByType(type),
          reuse: (name, compute) =>
            memo
              ? memo.run(`${plugin.name}\0${name}`, (reads) => compute(graphqlRecording(reads)))
              : compute(graphqlRecording()).then(throughJson),
          createPage: (page) => registry.add(page, source),
          templates: registry.templateNames,
        }
      })
      return registry.pages
    },
    (pages) => pages.length,
  )
}

/**
 * The plugins' `reuse` results kept in the site's cache (null: no cache). Their key covers what
 * a result may depend on besides its reads: the engine and its plugins (`engine`), the config
 * file and the folder it is in, the site data the config resolves to and the mode.
 */
export function openQueryMemo(
  config: ResolvedConfig,
  cacheDir: string | null,
  engine: string,
  mode: string,
  store: NodeStore,
): QueryMemo | null {
  if (!cacheDir) return null
  const key = createHash('sha1')
    .update(engine)
    .update(fingerprintPaths([config.configFile, path.dirname(config.configFile)]))
    .update(mode)
    .update(JSON.stringify(toSiteData(config)))
    .digest('hex')
  return new QueryMemo(path.join(cacheDir, 'queries.json'), key, store)
}
