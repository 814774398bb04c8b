import { describe, expect, it } from 'vitest'
import { createDataLayer } from '../../../engine/dataLayer.ts'
import { buildSchema } from '../../../engine/schema/buildSchema.ts'
import type { GraphQLResolverMap } from '../../../engine/schema/types.ts'
import { NodeStore } from '../../../engine/store/nodeStore.ts'
import type { NodeApi, SchemaApi } from '../../../engine/plugins/types.ts'
import { versions } from '../../../plugins/versions/index.ts'
import { toRoute } from '../../../engine/shared/routes.ts'

async function setup() {
  const plugin = versions({ default: '13.x', versions: ['12.x', '13.x'] })
  const store = new NodeStore()
  for (const slug of ['/13.x/', '/13.x/docs/a', '/13.x/docs/only-13', '/12.x/', '/12.x/docs/a']) {
    const node = store.createNode(
      {
        type: 'Page',
        key: slug,
        slug,
        path: slug,
        lang: 'en',
        langPrefix: '',
        versionPrefix: '',
        title: slug,
        pageType: 'doc',
      },
      'test',
    )
    await plugin.onCreateNode?.({ node, updateNode: (target, fields) => store.updateNode(target, fields) } as NodeApi)
    store.updateNode(node, { path: toRoute({ slug: String(node.slug), versionPrefix: String(node.versionPrefix) }) })
  }
  const typeDefs: string[] = []
  const resolvers: GraphQLResolverMap[] = []
  await plugin.createSchemaCustomization?.({
    addTypeDefs: (sdl: string) => typeDefs.push(sdl),
    addResolvers: (map: GraphQLResolverMap) => resolvers.push(map),
  } as unknown as SchemaApi)
  const nav = [
    { text: 'Docs', link: '/docs/start/intro' },
    { text: 'Examples', link: 'https://example.com/examples' },
  ]
  return {
    store,
    layer: createDataLayer(buildSchema(typeDefs, resolvers), store, {
      title: 'T',
      description: '',
      base: '/',
      lang: 'en',
      themeConfig: { nav },
    }),
  }
}

describe('versions plugin', () => {
  it('serves the default version at the root and the others under /<version>/', async () => {
    const { store } = await setup()
    expect(
      store
        .getNodesByType('Page')
        .map((node) => `${String(node.version)} ${String(node.path)}`)
        .sort(),
    ).toEqual(['12.x /12.x/', '12.x /12.x/docs/a', '13.x /', '13.x /docs/a', '13.x /docs/only-13'])
  })

  it('links the same page in every version, falling back to that version home', async () => {
    const { layer } = await setup()
    const data = await layer.query<{ versionLinks: { version: string; path: string; exists: boolean }[] }>(
      '{ versionLinks(path: "/docs/only-13") { version path exists } }',
      {},
      'test',
    )
    expect(data.versionLinks).toEqual([
      { version: '12.x', path: '/12.x/', exists: false },
      { version: '13.x', path: '/docs/only-13', exists: true },
    ])
  })

  it('moves the navbar links into the reader version and knows the version of non-page routes', async () => {
    const { layer } = await setup()
    const data = await layer.query<{ nav: { link: string }[]; currentVersion: { name: string } }>(
      '{ nav(path: "/12.x/docs/a") currentVersion(path: "/12.x/no/such/page") { name } }',
      {},
      'test',
    )
    expect(data.nav.map((item) => item.link)).toEqual(['/12.x/docs/start/intro', 'https://example.com/examples'])
    expect(data.currentVersion.name).toBe('12.x')
  })

  it("keeps a language's older-version 404 in that language and version (`/zh/12.x/404`)", async () => {
    const { layer } = await setup()
    const data = await layer.query<{ nav: { link: string }[]; currentVersion: { name: string } }>(
      '{ nav(path: "/zh/12.x/404") currentVersion(path: "/zh/12.x/404") { name } }',
      {},
      'test',
    )
    expect(data.currentVersion.name).toBe('12.x')
    expect(data.nav.map((item) => item.link)).toEqual(['/zh/12.x/docs/start/intro', 'https://example.com/examples'])
  })

  it('rejects a default that is not a version', () => {
    expect(() => versions({ default: '14.x', versions: ['12.x', '13.x'] })).toThrow(
      'the default version `14.x` is not in `versions`',
    )
  })
})
