import { describe, expect, it } from 'vitest'
import { createDataLayer } from '../../../../engine/dataLayer.ts'
import { parseReadKey, ReadDigests } from '../../../../engine/incremental/readKey.ts'
import { buildSchema } from '../../../../engine/schema/buildSchema.ts'
import { changedNodeIds } from '../../../../engine/server/changedNodes.ts'
import { NodeStore } from '../../../../engine/store/nodeStore.ts'

/** A site's store: a data file, the Author nodes a transformer made of it, pages naming an author. */
function storeWith(authors: { slug: string; name: string }[]): NodeStore {
  const store = new NodeStore()
  const file = store.createNode(
    { type: 'File', key: 'authors.json', relativePath: 'authors.json', content: JSON.stringify(authors) },
    'files',
  )
  for (const author of authors)
    store.createNode({ id: `author-${author.slug}`, type: 'Author', parent: file.id, ...author }, 'authors')
  for (const [path, author] of [
    ['/a', 'ada'],
    ['/b', 'bob'],
  ])
    store.createNode({ type: 'Page', key: path, path, title: path, frontmatter: { author } }, 'sheaf:markdown')
  return store
}

const sdl = {
  source: 'plugin authors',
  sdl: 'extend type Page { author: Author @link(by: "slug", from: "frontmatter.author") }',
}

describe('changed nodes in dev (every type)', () => {
  it("an Author's change is seen, and only the pages that read that author re-query", async () => {
    const before = storeWith([
      { slug: 'ada', name: 'Ada' },
      { slug: 'bob', name: 'Bob' },
    ])
    const after = storeWith([
      { slug: 'ada', name: 'Ada L.' },
      { slug: 'bob', name: 'Bob' },
    ])
    const changed = changedNodeIds(before, after)
    expect(changed.structural).toBe(false)
    expect(changed.ids.has('author-ada')).toBe(true)
    // (bob is a child of the changed data file, so a candidate too: his reads' digests tell he did not change.)

    const layer = createDataLayer(buildSchema([sdl], [], before), before, {
      title: '',
      description: '',
      base: '/',
      lang: 'en',
      themeConfig: {},
    })
    const readsOf = async (path: string) => {
      const reads = new Set<string>()
      await layer.query(
        'query ($path: String!) { page(path: $path) { title author { name } } }',
        { path },
        'test',
        reads,
      )
      return reads
    }
    const digestsBefore = new ReadDigests(before)
    const digestsAfter = new ReadDigests(after)
    const requery = (reads: Set<string>) =>
      [...reads].some(
        (key) => changed.ids.has(parseReadKey(key).nodeId) && digestsBefore.of(key) !== digestsAfter.of(key),
      )
    expect(requery(await readsOf('/a'))).toBe(true)
    expect(requery(await readsOf('/b'))).toBe(false)
  })

  it('an author added or removed is structural', () => {
    expect(
      changedNodeIds(
        storeWith([{ slug: 'ada', name: 'Ada' }]),
        storeWith([
          { slug: 'ada', name: 'Ada' },
          { slug: 'cy', name: 'Cy' },
        ]),
      ).structural,
    ).toBe(true)
  })
})
