import { describe, expect, it } from 'vitest'
import { createDataLayer } from '../../../../engine/dataLayer.ts'
import { buildSchema } from '../../../../engine/schema/buildSchema.ts'
import { serializeInlinePageData } from '../../../../engine/shared/inlinePageData.ts'
import { NodeStore } from '../../../../engine/store/nodeStore.ts'

const site = { title: '', description: '', base: '/', lang: 'en', themeConfig: {} }

/** Authors as a source plugin makes them from `authors.json` (parsed, then spread into createNode). */
function layerFor(json: string) {
  const store = new NodeStore()
  for (const author of JSON.parse(json) as Record<string, unknown>[])
    store.createNode({ type: 'Author', key: String(author.slug), ...author }, 'authors')
  store.createNode(
    {
      type: 'Page',
      key: '/p',
      path: '/p',
      title: 'P',
      frontmatter: { author: 'ada', quote: '</script><script>alert(1)</script>' },
    },
    'sheaf:markdown',
  )
  return createDataLayer(
    buildSchema(
      [
        {
          source: 'plugin authors',
          sdl: 'extend type Page { author: Author @link(by: "slug", from: "frontmatter.author") }',
        },
      ],
      [],
      store,
    ),
    store,
    site,
  )
}

describe('data is content: fields from data files and front-matter reach pages escaped', () => {
  it('a `</script>` in authors.json or front-matter cannot end the inline page data', async () => {
    const layer = layerFor(JSON.stringify([{ slug: 'ada', name: '</script><script>alert(1)</script>' }]))
    const data = await layer.query('{ page(path: "/p") { author { name } frontmatter } }', {}, 'test')
    const inline = serializeInlinePageData(data)
    expect(inline).not.toMatch(/<\/script/i)
    expect(inline).not.toContain('<')
    expect(JSON.parse(inline)).toEqual(data)
  })

  it('an `__proto__` key pollutes no prototype, and is neither inferred nor filterable', async () => {
    const layer = layerFor('[{ "slug": "ada", "name": "Ada", "__proto__": { "polluted": true, "isAdmin": true } }]')
    const data = await layer.query<{ allAuthor: { nodes: { name: string }[] } }>(
      '{ allAuthor { nodes { name } } }',
      {},
      'test',
    )
    expect(data.allAuthor.nodes).toEqual([{ name: 'Ada' }])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('isAdmin')
    expect(
      Object.keys((layer.schema.getType('Author') as import('graphql').GraphQLObjectType).getFields()),
    ).not.toContain('__proto__')
    await expect(
      layer.query('{ allAuthor(filter: { __proto__: { eq: 1 } }) { totalCount } }', {}, 'test'),
    ).rejects.toThrow(/__proto__/)
  })

  it('a 10 MB string is inferred as a String, filtered and returned whole (no copy of it per node field)', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024)
    const layer = layerFor(
      JSON.stringify([
        { slug: 'ada', name: 'Ada', bio: big },
        { slug: 'bob', name: 'Bob', bio: 'short' },
      ]),
    )
    expect(String((layer.schema.getType('Author') as import('graphql').GraphQLObjectType).getFields().bio.type)).toBe(
      'String',
    )
    const data = await layer.query<{ allAuthor: { nodes: { name: string; bio: string }[]; distinct: string[] } }>(
      '{ allAuthor(filter: { bio: { ne: "short" } }) { nodes { name bio } } }',
      {},
      'test',
    )
    expect(data.allAuthor.nodes.map((author) => author.name)).toEqual(['Ada'])
    expect(data.allAuthor.nodes[0].bio.length).toBe(big.length)
    expect(serializeInlinePageData(data).length).toBeGreaterThan(big.length)
  })
})
