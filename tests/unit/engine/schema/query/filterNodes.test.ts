import { describe, expect, it } from 'vitest'
import { compileFilter, meets } from '../../../../../engine/schema/query/filterNodes.ts'

// Gatsby's query options (gatsbyjs.com/docs/graphql-reference/#filter): sift's operators, nested fields
// written as nested objects (Gatsby 5), several fields AND-ed, a list field matching when any element does.
const posts = [
  {
    id: 'a',
    title: 'Alpha',
    words: 120,
    draft: false,
    tags: ['react', 'testing'],
    frontmatter: { author: 'ada', date: '2024-01-02' },
    authors: [{ name: 'Ada', role: 'lead' }],
  },
  {
    id: 'b',
    title: 'Beta',
    words: 80,
    draft: true,
    tags: ['native'],
    frontmatter: { author: 'bob', date: '2023-05-01' },
    authors: [
      { name: 'Bob', role: 'editor' },
      { name: 'Ada', role: 'editor' },
    ],
  },
  { id: 'c', title: 'Gamma', words: 300, tags: [], frontmatter: { date: '2022-12-31' }, authors: [] },
]

const ids = (filter: Record<string, unknown>) =>
  posts.filter((post) => meets(post, compileFilter(filter))).map((post) => post.id)

describe('filter operators, as Gatsby documents them', () => {
  it('eq and ne, on nested fields', () => {
    expect(ids({ frontmatter: { author: { eq: 'ada' } } })).toEqual(['a'])
    expect(ids({ frontmatter: { author: { ne: 'ada' } } })).toEqual(['b', 'c'])
    expect(ids({ draft: { eq: false } })).toEqual(['a'])
  })

  it('eq: null matches a missing field, ne: null a present one', () => {
    expect(ids({ frontmatter: { author: { eq: null } } })).toEqual(['c'])
    expect(ids({ draft: { ne: null } })).toEqual(['a', 'b'])
  })

  it('in and nin', () => {
    expect(ids({ title: { in: ['Alpha', 'Gamma'] } })).toEqual(['a', 'c'])
    expect(ids({ title: { nin: ['Alpha', 'Gamma'] } })).toEqual(['b'])
  })

  it('a list field matches eq/in when any element does, ne/nin when none does', () => {
    expect(ids({ tags: { eq: 'react' } })).toEqual(['a'])
    expect(ids({ tags: { in: ['native', 'testing'] } })).toEqual(['a', 'b'])
    expect(ids({ tags: { nin: ['react'] } })).toEqual(['b', 'c'])
  })

  it('regex takes /pattern/flags', () => {
    expect(ids({ title: { regex: '/^(al|ga)/i' } })).toEqual(['a', 'c'])
    expect(ids({ title: { regex: '/^al/' } })).toEqual([])
  })

  it('glob: * within a segment, ** across', () => {
    expect(ids({ frontmatter: { date: { glob: '2024-*' } } })).toEqual(['a'])
    expect(ids({ title: { glob: '{Alpha,Beta}' } })).toEqual(['a', 'b'])
  })

  it('gt gte lt lte, on numbers and strings (ISO dates)', () => {
    expect(ids({ words: { gt: 100 } })).toEqual(['a', 'c'])
    expect(ids({ words: { gte: 120, lt: 300 } })).toEqual(['a'])
    expect(ids({ words: { lte: 80 } })).toEqual(['b'])
    expect(ids({ frontmatter: { date: { lt: '2024-01-01' } } })).toEqual(['b', 'c'])
  })

  it('elemMatch: one element meets every condition (not one each)', () => {
    expect(ids({ authors: { elemMatch: { name: { eq: 'Ada' }, role: { eq: 'editor' } } } })).toEqual(['b'])
    expect(ids({ authors: { elemMatch: { name: { eq: 'Ada' }, role: { eq: 'lead' } } } })).toEqual(['a'])
  })

  it('several fields are AND-ed; an empty filter matches everything', () => {
    expect(ids({ words: { gt: 50 }, tags: { eq: 'native' } })).toEqual(['b'])
    expect(ids({})).toEqual(['a', 'b', 'c'])
  })

  it('a filter naming `__proto__` or `constructor` reads own fields only', () => {
    expect(ids({ constructor: { ne: null } })).toEqual([])
    expect(ids({ __proto__: { eq: null } } as Record<string, unknown>)).toEqual(['a', 'b', 'c'])
  })
})
