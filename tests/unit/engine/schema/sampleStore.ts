import { NodeStore } from '../../../../engine/store/nodeStore.ts'

const authors = [
  { slug: 'ada', name: 'Ada Lovelace', born: 1815, social: { github: 'ada' } },
  { slug: 'bob', name: 'Bob', born: 1950, social: { github: 'bob', mastodon: '@bob' } },
]

/**
 * A store as the data-layer fixture makes it: authors from a JSON file, pages naming an author, an excerpt child per
 * page.
 */
export function sampleStore(): NodeStore {
  const store = new NodeStore()
  const file = store.createNode(
    {
      type: 'File',
      key: 'authors.json',
      relativePath: 'authors.json',
      sourcePath: 'content/authors.json',
      extension: '.json',
      content: JSON.stringify(authors),
    },
    'files',
  )
  for (const author of authors)
    store.createNode(
      {
        id: `author-${author.slug}`,
        parent: file.id,
        internal: { type: 'Author', contentDigest: author.slug },
        ...author,
      },
      'authors',
    )
  const pages: [string, string, string | null, string[]][] = [
    ['/b', 'Beta', 'ada', ['x']],
    ['/a', 'Alpha', 'bob', ['x', 'y']],
    ['/c', 'Gamma', 'ada', []],
    ['/d', 'Delta', null, ['y']],
  ]
  for (const [path, title, author, tags] of pages) {
    const page = store.createNode(
      {
        type: 'Page',
        key: path,
        path,
        slug: path,
        title,
        description: '',
        lang: 'en',
        version: null,
        pageType: 'doc',
        frontmatter: { title, ...(author ? { author } : {}), tags },
        toc: [],
        body: {},
        text: `${title} text`,
        sections: [],
        anchors: [],
      },
      'sheaf:markdown',
    )
    const excerpt = store.createNode(
      { id: `excerpt-${path}`, internal: { type: 'Excerpt' }, text: `${title} excerpt` },
      'authors',
    )
    store.createParentChildLink({ parent: page, child: excerpt })
  }
  return store
}
