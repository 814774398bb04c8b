import { describe, expect, it } from 'vitest'
import { createDataLayer } from '../../../../engine/dataLayer.ts'
import { parseReadKey, readKey, ReadDigests } from '../../../../engine/incremental/readKey.ts'
import { buildSchema } from '../../../../engine/schema/buildSchema.ts'
import { validateQuery } from '../../../../engine/schema/runQuery.ts'
import { NodeStore } from '../../../../engine/store/nodeStore.ts'

function storeWithPages() {
  const store = new NodeStore()
  const file = store.createNode(
    { type: 'File', key: 'a.md', relativePath: 'a.md', sourcePath: 'content/a.md', extension: '.md', content: '# A' },
    'files',
  )
  for (const [path, title, version] of [
    ['/docs/b', 'Beta', '13.x'],
    ['/docs/a', 'Alpha', '13.x'],
    ['/12.x/docs/a', 'Alpha old', '12.x'],
  ]) {
    store.createNode(
      {
        type: 'Page',
        key: path,
        parent: file.id,
        path,
        slug: path,
        title,
        version,
        lang: 'en',
        pageType: 'doc',
        description: '',
        frontmatter: {},
        toc: [],
        body: { type: 'root', children: [] },
        text: '',
        sections: [],
        anchors: [],
      },
      'sheaf:markdown',
    )
  }
  return store
}

describe('node store', () => {
  it('derives deterministic ids and links parents to children', () => {
    const first = storeWithPages()
    const second = storeWithPages()
    expect(first.getNodesByType('Page').map((node) => node.id)).toEqual(
      second.getNodesByType('Page').map((node) => node.id),
    )
    const file = first.getNodesByType('File')[0]
    expect(file.children).toHaveLength(3)
    expect(file.internal.contentDigest).toMatch(/^[0-9a-f]{40}$/)
  })
})

describe('GraphQL data layer', () => {
  const schema = buildSchema(['extend type Query { hello: String! }'], [{ Query: { hello: () => 'world' } }])
  const layer = createDataLayer(schema, storeWithPages(), {
    title: 'Site',
    description: '',
    base: '/',
    lang: 'en',
    themeConfig: {},
  })

  it('answers page(path) for any spelling of the route and tracks what it read', async () => {
    const reads = new Set<string>()
    const data = await layer.query<{ page: { title: string } }>(
      'query ($path: String!) { page(path: $path) { title } }',
      { path: '/docs/a.html' },
      'test',
      reads,
    )
    expect(data.page.title).toBe('Alpha')
    expect(reads.size).toBe(1)
  })

  it('records the fields a query selected, and the fields that decided which pages a list holds', async () => {
    const reads = new Set<string>()
    await layer.query(
      '{ allPage(filter: { version: { eq: "13.x" } }, sort: { title: ASC }) { nodes { path title } } }',
      {},
      'test',
      reads,
    )
    const byFields = [...reads].map(parseReadKey).map((read) => read.fields?.join(','))
    // Every page in the fields that decide the list (filter and sort); the two 13.x pages also in what they show.
    expect(byFields.sort()).toEqual(['path,title', 'path,title', 'title,version', 'title,version', 'title,version'])
  })

  it('records the whole node when a selection uses a fragment', async () => {
    const reads = new Set<string>()
    await layer.query(
      'query ($path: String!) { page(path: $path) { ... on Page { title } } }',
      { path: '/docs/a' },
      'test',
      reads,
    )
    expect([...reads].map(parseReadKey)).toEqual([{ nodeId: expect.any(String), fields: null }])
  })

  it('gives a field read a digest that changes with those fields only', () => {
    const store = storeWithPages()
    const page = store.getNodesByType('Page')[0]
    const before = new ReadDigests(store)
    const titleRead = readKey(page.id, ['title'])
    // A read that takes in the body counts as a read of the whole node (the content digest covers it).
    expect(readKey(page.id, ['title', 'body'])).toBe(page.id)
    const titleDigest = before.of(titleRead)
    const wholeDigest = before.of(page.id)
    store.updateNode(page, { text: 'a new body' })
    const afterBody = new ReadDigests(store)
    expect(afterBody.of(titleRead)).toBe(titleDigest)
    expect(afterBody.of(page.id)).not.toBe(wholeDigest)
    store.updateNode(page, { title: 'Renamed' })
    expect(new ReadDigests(store).of(titleRead)).not.toBe(titleDigest)
    expect(new ReadDigests(new NodeStore()).of(titleRead)).toBe('-')
  })

  it('filters and sorts allPage', async () => {
    const data = await layer.query<{ allPage: { nodes: { title: string }[] } }>(
      '{ allPage(filter: { version: { eq: "13.x" } }, sort: { title: DESC }) { nodes { title } } }',
      {},
      'test',
    )
    expect(data.allPage.nodes.map((page) => page.title)).toEqual(['Beta', 'Alpha'])
  })

  it('merges plugin type defs and resolvers', async () => {
    expect(await layer.query('{ hello site { title } }', {}, 'test')).toEqual({
      hello: 'world',
      site: { title: 'Site' },
    })
  })

  it('fails a bad query naming its source and the GraphQL error', async () => {
    expect(validateQuery(schema, '{ allPage { nodes { nope } } }')).toEqual([
      'Cannot query field "nope" on type "Page".',
    ])
    await expect(layer.query('{ allPage { nodes { nope } } }', {}, 'site/theme/Doc.tsx')).rejects.toMatchObject({
      file: 'site/theme/Doc.tsx',
      message: expect.stringContaining('Cannot query field "nope"'),
    })
  })
})

describe('buildSchema', () => {
  it('sets resolvers given as { resolve }, on core and plugin types, and the JSON scalar', async () => {
    const schema = buildSchema(
      ['type Author { name: String! }', 'extend type Page { author: Author, extra: JSON }'],
      [
        {
          Page: {
            author: { resolve: (page: { title: string }) => ({ name: `by ${page.title}` }) },
            extra: () => ({ any: ['thing'] }),
          },
        },
      ],
    )
    const layer = createDataLayer(schema, storeWithPages(), {
      title: 'Site',
      description: '',
      base: '/',
      lang: 'en',
      themeConfig: {},
    })
    expect(await layer.query('{ page(path: "/docs/b") { author { name } extra } }', {}, 'test')).toEqual({
      page: { author: { name: 'by Beta' }, extra: { any: ['thing'] } },
    })
  })

  it('refuses a resolver for a type or field the SDL does not declare, as a SheafError that says which', () => {
    expect(() => buildSchema([], [{ Nope: { a: () => 1 } }])).toThrow(
      /could not be built: resolvers name the type "Nope"/,
    )
    expect(() => buildSchema([], [{ Page: { nope: () => 1 } }])).toThrow(/resolvers name the field "Page.nope"/)
    expect(() => buildSchema([], [{ Page: { title: 42 } }])).toThrow(/neither a function nor \{ resolve \}/)
  })

  it('names the plugin SDL with a syntax error, and refuses a second declaration of a type', () => {
    expect(() => buildSchema(['type Ok { a: String }', 'type Broken {'], [])).toThrow(/type defs #2/)
    expect(() => buildSchema(['type Query { again: String }'], [])).toThrow(/There can be only one type named "Query"/)
  })
})
