import type { ResolvedConfig } from '../config/types.ts'
import type { DataLayer } from '../dataLayer.ts'
import type { NamedResolvers } from '../schema/buildSchema.ts'
import type { GraphQLResolverMap } from '../schema/types.ts'
import type { NodeStore } from '../store/nodeStore.ts'
import type { BuildRun } from './buildRun.ts'
import type { SiteRunner } from './createSiteRunner.ts'

// GraphQL (0.05 s of imports) are needed only from here on: the transform
// step starts loading them when it has a moment (see transformContent.ts).
let modules: Promise<{
  buildSchema: typeof import('../schema/buildSchema.ts').buildSchema
  createDataLayer: typeof import('../dataLayer.ts').createDataLayer
}> | null = null

export function preloadDataLayerModules(): void {
  loadModules().catch(() => undefined)
}

function loadModules() {
  return (modules ??= Promise.all([import('../schema/buildSchema.ts'), import('../dataLayer.ts')]).then(
    ([{ buildSchema }, { createDataLayer }]) => ({ buildSchema, createDataLayer }),
  ))
}

/** Runs every plugin's `createSchemaCustomization` and builds the GraphQL data layer over the store. */
export async function buildDataLayer(
  { config, site, runner }: SiteRunner,
  store: NodeStore,
  run: BuildRun,
): Promise<DataLayer> {
  return run.timer.run(
    'schema',
    async () => {
      const { buildSchema, createDataLayer } = await loadModules()
      const typeDefs: { sdl: string; source: string }[] = []
      const resolvers: NamedResolvers[] = []
      await runner.run('createSchemaCustomization', (plugin) => ({
        site,
        reporter: run.reporterFor(plugin.name),
        addTypeDefs: (sdl: string) => void typeDefs.push({ sdl, source: `the type defs of plugin ${plugin.name}` }),
        addResolvers: (map: GraphQLResolverMap) =>
          void resolvers.push({ resolvers: map, source: `plugin ${plugin.name}` }),
        getNodesByType: (type: string) => store.getNodesByType(type),
      }))
      // The dev server compares what a save changed with its pages' reads node by node.
      const schema = buildSchema(typeDefs, resolvers, store)
      return createDataLayer(schema, store, siteFields(config), { readsPerNode: run.mode === 'develop' })
    },
    () => 1,
  )
}

function siteFields(config: ResolvedConfig) {
  return {
    title: config.title,
    description: config.description,
    url: config.url,
    base: config.base,
    lang: config.lang,
    themeConfig: config.themeConfig,
  }
}
