import { describe, expect, it } from 'vitest'
import { createDataLayer, type DataLayer } from '../../../../engine/dataLayer.ts'
import { parseReadKey, parseTypeRead, ReadDigests, typeReadKey } from '../../../../engine/incremental/readKey.ts'
import { buildSchema, type NamedResolvers, type NamedTypeDefs } from '../../../../engine/schema/buildSchema.ts'
import type { SheafNode } from '../../../../engine/store/types.ts'
import { sampleStore } from './sampleStore.ts'

const site = { title: 'S', description: '', base: '/', lang: 'en', themeConfig: {} }
const linkSdl: NamedTypeDefs = {
  source: 'the type defs of plugin authors',
  sdl: `type Author implements Node {
  pages: [Page!]! @link(by: "frontmatter.author", from: "slug")
}
extend type Page {
  author: Author @link(by: "slug", from: "frontmatter.author")
}`,
}

function layerOf(
  typeDefs: NamedTypeDefs[] = [linkSdl],
  resolvers: NamedResolvers[] = [],
  store = sampleStore(),
): DataLayer {
  return createDataLayer(buildSchema(typeDefs, resolvers, store), store, site)
}

describe('generated root fields (Gatsby 5 syntax)', () => {
  const layer = layerOf()

  it('allX with filter, sort, limit and skip gives a connection: nodes, totalCount, pageInfo', async () => {
    const data = await layer.query<Record<string, any>>(
      '{ allPage(filter: { frontmatter: { tags: { eq: "x" } } }, sort: { title: ASC }, limit: 1, skip: 1) ' +
        '{ totalCount nodes { title } pageInfo { currentPage hasNextPage hasPreviousPage itemCount pageCount ' +
        'perPage totalCount } } }',
      {},
      'test',
    )
    expect(data.allPage.totalCount).toBe(2)
    expect(data.allPage.nodes).toEqual([{ title: 'Beta' }])
    expect(data.allPage.pageInfo).toEqual({
      currentPage: 2,
      hasNextPage: false,
      hasPreviousPage: true,
      itemCount: 1,
      pageCount: 2,
      perPage: 1,
      totalCount: 2,
    })
  })

  it('x(field: { eq }) finds one node; a sort list breaks ties', async () => {
    const data = await layer.query<Record<string, any>>(
      '{ author(slug: { eq: "bob" }) { name born social { mastodon } } allAuthor(sort: [{ born: DESC }]) ' +
        '{ nodes { slug } } }',
      {},
      'test',
    )
    expect(data.author).toEqual({ name: 'Bob', born: 1950, social: { mastodon: '@bob' } })
    expect(data.allAuthor.nodes.map((author: { slug: string }) => author.slug)).toEqual(['bob', 'ada'])
  })

  it('distinct and group take a field selector', async () => {
    const data = await layer.query<Record<string, any>>(
      '{ allPage { distinct(field: { frontmatter: { author: SELECT } }) group(field: { frontmatter: { tags: ' +
        'SELECT } }) { fieldValue totalCount nodes { title } } } }',
      {},
      'test',
    )
    expect(data.allPage.distinct).toEqual(['ada', 'bob'])
    expect(data.allPage.group).toEqual([
      { fieldValue: 'x', totalCount: 2, nodes: [{ title: 'Alpha' }, { title: 'Beta' }] },
      { fieldValue: 'y', totalCount: 2, nodes: [{ title: 'Alpha' }, { title: 'Delta' }] },
    ])
  })

  it('every node has id, parent, children and internal { type contentDigest owner }', async () => {
    const data = await layer.query<Record<string, any>>(
      '{ author(slug: { eq: "ada" }) { id internal { type owner contentDigest } parent { ... ' +
        'on File { relativePath } } } allFile { nodes { childrenAuthor { slug } } } }',
      {},
      'test',
    )
    expect(data.author).toEqual({
      id: 'author-ada',
      internal: { type: 'Author', owner: 'authors', contentDigest: 'ada' },
      parent: { relativePath: 'authors.json' },
    })
    expect(data.allFile.nodes[0].childrenAuthor).toEqual([{ slug: 'ada' }, { slug: 'bob' }])
  })
})

describe('links and children', () => {
  const layer = layerOf()

  it('@link one way (page → author) and the other (author → its pages, by a nested field)', async () => {
    const data = await layer.query<Record<string, any>>(
      '{ page(path: "/b") { author { name } } author(slug: { eq: "ada" }) { pages { title } } d: page(path: ' +
        '"/d") { author { name } } }',
      {},
      'test',
    )
    expect(data.page.author).toEqual({ name: 'Ada Lovelace' })
    expect(data.author.pages).toEqual([{ title: 'Beta' }, { title: 'Gamma' }])
    expect(data.d.author).toBeNull()
  })

  it('childX and childrenX come from parent-child links', async () => {
    const data = await layer.query<Record<string, any>>(
      '{ page(path: "/a") { childExcerpt { text parent { id } } childrenExcerpt { text } children { id } } }',
      {},
      'test',
    )
    expect(data.page.childExcerpt.text).toBe('Alpha excerpt')
    expect(data.page.childrenExcerpt).toEqual([{ text: 'Alpha excerpt' }])
    expect(data.page.children).toEqual([{ id: 'excerpt-/a' }])
  })

  it('@link with `by: "id"` (the default) reads a list of ids, in their order', async () => {
    const store = sampleStore()
    store.createNode({ id: 'team', type: 'Team', members: ['author-bob', 'author-ada', 'nobody'] }, 'teams')
    const layer = layerOf(
      [linkSdl, { source: 'plugin teams', sdl: 'type Team implements Node { members: [Author!]! @link }' }],
      [],
      store,
    )
    const data = await layer.query<Record<string, any>>('{ team(id: { eq: "team" }) { members { slug } } }', {}, 'test')
    expect(data.team.members).toEqual([{ slug: 'bob' }, { slug: 'ada' }])
  })
})

describe('inference', () => {
  it('infers a type nobody declared, with nested objects, Int and lists', async () => {
    const schema = buildSchema([], [], sampleStore())
    const author = schema.getType('Author') as import('graphql').GraphQLObjectType
    expect(String(author.getFields().born.type)).toBe('Int')
    expect(String(author.getFields().social.type)).toBe('AuthorSocial')
    expect(author.getInterfaces().map(String)).toEqual(['Node'])
  })

  it('explicit SDL wins field by field; @dontInfer infers nothing', () => {
    const explicit = buildSchema(
      [{ source: 'plugin a', sdl: 'type Author implements Node { born: String }' }],
      [],
      sampleStore(),
    )
    const fields = (explicit.getType('Author') as import('graphql').GraphQLObjectType).getFields()
    expect(String(fields.born.type)).toBe('String')
    expect(String(fields.name.type)).toBe('String')
    const closed = buildSchema(
      [{ source: 'plugin a', sdl: 'type Author implements Node @dontInfer { name: String }' }],
      [],
      sampleStore(),
    )
    expect(Object.keys((closed.getType('Author') as import('graphql').GraphQLObjectType).getFields())).toEqual([
      'name',
      'id',
      'parent',
      'children',
      'internal',
    ])
  })

  it("filters on a page's front-matter inferred from its values (the output stays JSON)", async () => {
    const layer = layerOf([])
    const data = await layer.query<Record<string, any>>(
      '{ allPage(filter: { frontmatter: { author: { in: ["bob"] } } }) { nodes { frontmatter } } }',
      {},
      'test',
    )
    expect(data.allPage.nodes).toEqual([{ frontmatter: { title: 'Alpha', author: 'bob', tags: ['x', 'y'] } }])
  })
})

describe('tracking without track()', () => {
  type Read = { nodeId: string; fields: string[] | null } | { type: string; fields: string[] }
  const reads = async (layer: DataLayer, query: string): Promise<Read[]> => {
    const set = new Set<string>()
    await layer.query(query, {}, 'test', set)
    return [...set].map((key) => parseTypeRead(key) ?? parseReadKey(key))
  }

  it(
    'an allX filter records one read of the type in the fields that decided it, ' +
      'and the nodes returned in what they show',
    async () => {
      const layer = layerOf()
      const recorded = await reads(layer, '{ allAuthor(filter: { born: { gt: 1900 } }) { nodes { name } } }')
      expect(recorded).toContainEqual({ type: 'Author', fields: ['born'] })
      expect(recorded).toContainEqual({ nodeId: 'author-bob', fields: ['name'] })
      expect(recorded.some((read) => 'nodeId' in read && read.nodeId === 'author-ada')).toBe(false)
    },
  )

  it('records each node instead where reads are compared node by node (the dev server)', async () => {
    const store = sampleStore()
    const layer = createDataLayer(buildSchema([linkSdl], [], store), store, site, { readsPerNode: true })
    const recorded = await reads(layer, '{ allAuthor(filter: { born: { gt: 1900 } }) { nodes { name } } }')
    expect(recorded).toContainEqual({ nodeId: 'author-ada', fields: ['born'] })
    expect(recorded).toContainEqual({ nodeId: 'author-bob', fields: ['name'] })
    expect(recorded.filter((read) => 'nodeId' in read && read.nodeId === 'author-ada')).toHaveLength(1)
  })

  it('a @link records the linked node and the type it searched in the field it links by', async () => {
    const layer = layerOf()
    const recorded = await reads(layer, '{ author(slug: { eq: "bob" }) { pages { title } } }')
    expect(recorded).toContainEqual({ type: 'Page', fields: ['frontmatter'] })
    expect(recorded.some((read) => read.fields?.includes('title'))).toBe(true)
  })

  it("a plugin resolver's reads through context.nodeModel are recorded", async () => {
    const resolvers: NamedResolvers = {
      source: 'plugin authors',
      resolvers: {
        Query: {
          oldest: async (
            _: unknown,
            __: unknown,
            context: { nodeModel: { findAll(args: unknown): Promise<{ entries: SheafNode[] }> } },
          ) =>
            (await context.nodeModel.findAll({ type: 'Author', query: { sort: { born: 'ASC' }, limit: 1 } }))
              .entries[0],
        },
      },
    }
    const layer = layerOf(
      [linkSdl, { source: 'plugin authors', sdl: 'extend type Query { oldest: Author }' }],
      [resolvers],
    )
    const recorded = await reads(layer, '{ oldest { name } }')
    expect(recorded).toContainEqual({ nodeId: 'author-ada', fields: null })
    expect(recorded).toContainEqual({ type: 'Author', fields: ['born'] })
  })

  it('a type read sees a change to its fields on any node, and a node added, but not other fields', () => {
    const store = sampleStore()
    const key = typeReadKey('Author', ['born'])
    const before = new ReadDigests(store).of(key)
    store.updateNode(store.getNode('author-bob')!, { name: 'Robert' })
    expect(new ReadDigests(store).of(key)).toBe(before)
    store.updateNode(store.getNode('author-bob')!, { born: 1951 })
    const changed = new ReadDigests(store).of(key)
    expect(changed).not.toBe(before)
    store.createNode({ id: 'author-cy', type: 'Author', slug: 'cy', name: 'Cy' }, 'test')
    expect(new ReadDigests(store).of(key)).not.toBe(changed)
  })
})

// Gatsby filters and sorts through a @link field as if the linked node were inline: the targets
// meeting the inner filter are found first, and the link's `from` must hold one of their keys.
describe('filtering and sorting through linked fields', () => {
  const titles = (data: Record<string, any>, field = 'allPage') =>
    data[field].nodes.map((node: { title?: string; slug?: string }) => node.title ?? node.slug)

  it('filters by a field of the linked node, alone or with other conditions', async () => {
    const layer = layerOf()
    expect(
      titles(
        await layer.query(
          '{ allPage(filter: { author: { name: { eq: "Ada Lovelace" } } }) { nodes { title } } }',
          {},
          'test',
        ),
      ),
    ).toEqual(['Beta', 'Gamma'])
    expect(
      titles(
        await layer.query(
          '{ allPage(filter: { author: { born: { gt: 1900 } }, frontmatter: { tags: { eq: "x" } } }) ' +
            '{ nodes { title } } }',
          {},
          'test',
        ),
      ),
    ).toEqual(['Alpha'])
    expect(
      titles(
        await layer.query(
          '{ allPage(filter: { author: { name: { eq: "Nobody" } } }) { nodes { title } } }',
          {},
          'test',
        ),
      ),
    ).toEqual([])
  })

  it('filters through a list link with elemMatch, and through links of links', async () => {
    const layer = layerOf()
    expect(
      titles(
        await layer.query(
          '{ allAuthor(filter: { pages: { elemMatch: { title: { eq: "Alpha" } } } }) { nodes { slug } } }',
          {},
          'test',
        ),
        'allAuthor',
      ),
    ).toEqual(['bob'])
    expect(
      titles(
        await layer.query(
          '{ allPage(filter: { author: { pages: { elemMatch: { title: { eq: "Gamma" } } } } }) { nodes { title } } }',
          {},
          'test',
        ),
      ),
    ).toEqual(['Beta', 'Gamma'])
  })

  it('sorts by a field of the linked node; a node with no link sorts last', async () => {
    const layer = layerOf()
    const data = await layer.query<Record<string, any>>(
      '{ allPage(sort: [{ author: { born: DESC } }, { title: ASC }]) { nodes { title } } }',
      {},
      'test',
    )
    expect(titles(data)).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta'])
    const ascending = await layer.query<Record<string, any>>(
      '{ allPage(sort: { author: { name: ASC } }, limit: 2) { nodes { title } } }',
      {},
      'test',
    )
    expect(titles(ascending)).toEqual(['Beta', 'Gamma'])
  })

  it('follows a link by id, and works through context.nodeModel', async () => {
    const store = sampleStore()
    store.createNode({ id: 'post-1', type: 'Post', title: 'One', writer: 'author-bob' }, 'posts')
    store.createNode({ id: 'post-2', type: 'Post', title: 'Two', writer: 'author-ada' }, 'posts')
    const sdl = {
      source: 'the type defs of plugin posts',
      sdl: 'type Post implements Node { title: String writer: Author @link }',
    }
    const layer = createDataLayer(buildSchema([sdl], [], store), store, site)
    expect(
      titles(
        await layer.query('{ allPost(filter: { writer: { slug: { eq: "ada" } } }) { nodes { title } } }', {}, 'test'),
        'allPost',
      ),
    ).toEqual(['Two'])
    expect(
      titles(
        await layer.query('{ allPost(sort: { writer: { born: ASC } }) { nodes { title } } }', {}, 'test'),
        'allPost',
      ),
    ).toEqual(['Two', 'One'])
    const found = await layer
      .context()
      .nodeModel.findAll({ type: 'Post', query: { filter: { writer: { name: { eq: 'Bob' } } } } })
    expect(found.entries.map((post) => post.title)).toEqual(['One'])
    // Operators on the link field itself filter the value stored there (the id).
    const stored = await layer
      .context()
      .nodeModel.findAll({ type: 'Post', query: { filter: { writer: { eq: 'author-ada' } } } })
    expect(stored.entries.map((post) => post.title)).toEqual(['Two'])
  })

  it("records the linked type's fields that decided the result: a renamed author moves the list", async () => {
    const layer = layerOf()
    const set = new Set<string>()
    await layer.query('{ allPage(filter: { author: { name: { eq: "Bob" } } }) { nodes { title } } }', {}, 'test', set)
    const typeReads = [...set].map(parseTypeRead).filter(Boolean)
    expect(typeReads).toContainEqual({ type: 'Author', fields: ['name'] })
    expect(typeReads).toContainEqual({ type: 'Author', fields: ['slug'] })
    expect(typeReads).toContainEqual({ type: 'Page', fields: ['frontmatter'] })
  })
})
