import { describe, expect, it } from 'vitest'
import { createDataLayer } from '../../../../engine/dataLayer.ts'
import type { NodeApi, SchemaApi } from '../../../../engine/plugins/types.ts'
import { buildSchema } from '../../../../engine/schema/buildSchema.ts'
import type { GraphQLResolverMap } from '../../../../engine/schema/types.ts'
import { toRoute } from '../../../../engine/shared/routes.ts'
import { NodeStore } from '../../../../engine/store/nodeStore.ts'
import { versions } from '../../../../plugins/versions/index.ts'

// Rspress gives each language its own navbar (themeConfig.locales[].nav, or each language's root
// _meta.json); a migrated site keeps them.
describe('a navbar per language', () => {
  it("serves a language's own navbar on its pages, kept within the version, and `nav` elsewhere", async () => {
    const plugin = versions({ default: 'v2', versions: ['v1', 'v2'] })
    const store = new NodeStore()
    for (const [slug, lang] of [
      ['/v2/guide', 'en'],
      ['/v1/guide', 'zh'],
    ]) {
      const node = store.createNode(
        {
          type: 'Page',
          key: `${slug}${lang}`,
          slug,
          path: slug,
          lang,
          langPrefix: lang === 'en' ? '' : lang,
          versionPrefix: '',
          title: slug,
          pageType: 'doc',
        },
        'test',
      )
      await plugin.onCreateNode?.({ node, updateNode: (target, fields) => store.updateNode(target, fields) } as NodeApi)
      store.updateNode(node, {
        path: toRoute({
          slug: String(node.slug),
          langPrefix: String(node.langPrefix),
          versionPrefix: String(node.versionPrefix),
        }),
      })
    }
    const typeDefs: string[] = []
    const resolvers: GraphQLResolverMap[] = []
    await plugin.createSchemaCustomization?.({
      addTypeDefs: (sdl: string) => typeDefs.push(sdl),
      addResolvers: (map: GraphQLResolverMap) => resolvers.push(map),
    } as unknown as SchemaApi)
    const themeConfig = {
      nav: [{ text: 'Guide', link: '/guide' }],
      locales: [{ lang: 'zh', nav: [{ text: '指南', link: '/guide' }] }],
    }
    const layer = createDataLayer(buildSchema(typeDefs, resolvers), store, {
      title: 'T',
      description: '',
      base: '/',
      lang: 'en',
      themeConfig,
    })
    const query = (path: string) =>
      layer.query<{ nav: { text: string; link: string }[] }>(`{ nav(path: "${path}") }`, {}, 'test')
    expect((await query('/guide')).nav).toEqual([{ text: 'Guide', link: '/guide' }])
    expect((await query('/zh/v1/guide')).nav).toEqual([{ text: '指南', link: '/zh/v1/guide' }])
  })
})
