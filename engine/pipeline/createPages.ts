import type { DataLayer } from '../dataLayer.ts'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import type { BuildRun } from './buildRun.ts'
import type { SiteRunner } from './createSiteRunner.ts'

/** Runs every plugin's `createPages` (the built-in page creator last) and returns the pages to render. */
export async function createPages({ site, runner, registry }: SiteRunner, dataLayer: DataLayer, run: BuildRun): Promise<RegisteredPage[]> {
  return run.timer.run(
    'pages',
    async () => {
      await runner.run('createPages', (plugin) => ({
        site,
        reporter: run.reporterFor(plugin.name),
        graphql: (query, variables = {}) => dataLayer.query(query, variables, `plugin ${plugin.name}`),
        getNodesByType: (type) => dataLayer.context().store.getNodesByType(type),
        createPage: (page) => registry.add(page, `plugin ${plugin.name}`),
        templates: registry.templateNames,
      }))
      return registry.pages
    },
    (pages) => pages.length,
  )
}
