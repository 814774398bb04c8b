import { describe, expect, it } from 'vitest'
import { createDataLayer } from '../../../../engine/dataLayer.ts'
import { buildSchema } from '../../../../engine/schema/buildSchema.ts'
import { NodeStore } from '../../../../engine/store/nodeStore.ts'
import { queryToType } from '../../../../engine/typegen/queryToType.ts'

// Issue 41: a theme's query named the search plugin's fields, so a site without the plugin failed
// to build. `@slot` marks such a field: absent from the schema, it leaves the query.

const searchPlugin = {
  sdl: 'extend type Query { searchIndex(path: String!): String searchConfig(path: String!): JSON! }',
  source: 'plugin search',
}
const searchResolvers = { Query: { searchIndex: () => '/search/index.json', searchConfig: () => ({ limit: 7 }) } }
const site = { title: 'Docs', description: '', url: '', base: '/', lang: 'en', themeConfig: {} }

const layoutQuery = `query ($path: String!) {
  site { title }
  searchIndex(path: $path) @slot
  searchConfig(path: $path) @slot
}`

function dataLayer(withSearch: boolean) {
  const schema = withSearch ? buildSchema([searchPlugin], [searchResolvers]) : buildSchema([], [])
  return createDataLayer(schema, new NodeStore(), site)
}

describe('@slot fields', () => {
  it('run as written when the plugin is there', async () => {
    const data = await dataLayer(true).query(layoutQuery, { path: '/' }, 'Layout.tsx')
    expect(data).toEqual({ site: { title: 'Docs' }, searchIndex: '/search/index.json', searchConfig: { limit: 7 } })
  })

  it('leave the query, and the result, when the plugin is not', async () => {
    const data = await dataLayer(false).query(layoutQuery, { path: '/' }, 'Layout.tsx')
    expect(data).toEqual({ site: { title: 'Docs' } })
  })

  it('keep a query valid when every field was a slot, its variables unused', async () => {
    const query = 'query ($path: String!) { searchIndex(path: $path) @slot }'
    const data = await dataLayer(false).query(query, { path: '/' }, 'Layout.tsx')
    expect(data).toEqual({ __typename: 'Query' })
  })

  it('do not hide a misspelt field that is not a slot', async () => {
    const query = 'query ($path: String!) { site { title } serchIndex(path: $path) }'
    await expect(dataLayer(false).query(query, { path: '/' }, 'Layout.tsx')).rejects.toThrow(/serchIndex/)
  })

  it('are optional keys in the generated type', () => {
    const type = queryToType(dataLayer(true).schema, layoutQuery, 'Layout.tsx')
    expect(type).toContain('searchIndex?: string | null')
    expect(type).toContain('searchConfig?: unknown')
    expect(type).toContain('site: {')
    expect(queryToType(dataLayer(false).schema, layoutQuery, 'Layout.tsx')).not.toContain('searchIndex')
  })
})
