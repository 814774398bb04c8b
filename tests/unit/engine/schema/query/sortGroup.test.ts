import { describe, expect, it } from 'vitest'
import { distinctValues, groupNodes, selectorPath } from '../../../../../engine/schema/query/groupDistinct.ts'
import { compileSort, sortNodes } from '../../../../../engine/schema/query/sortNodes.ts'
import type { SheafNode } from '../../../../../engine/store/types.ts'

const node = (id: string, fields: Record<string, unknown>) =>
  ({
    id,
    type: 'Post',
    parent: null,
    children: [],
    internal: { type: 'Post', contentDigest: id, owner: 't' },
    ...fields,
  }) as SheafNode
const posts = [
  node('a', { title: 'b', frontmatter: { date: '2024', author: 'ada' }, tags: ['x', 'y'] }),
  node('b', { title: 'a', frontmatter: { date: '2022', author: 'bob' }, tags: ['y'] }),
  node('c', { title: 'c', frontmatter: { date: '2024', author: 'ada' } }),
  node('d', { title: 'B', frontmatter: { author: 'cy' }, tags: [] }),
]
const order = (sort: Parameters<typeof compileSort>[0]) => sortNodes(posts, compileSort(sort)).map((post) => post.id)

// Gatsby 5
// (gatsbyjs.com/docs/reference/release-notes/migrating-from-v4-to-v5/#graphql-schema-changes-to-sort-and-aggregation):
// sort: { frontmatter: { date: DESC } } or a list of such; distinct/group take { field: SELECT }.
describe('sort', () => {
  it('by a field, ASC and DESC (code-unit order, as JavaScript compares strings)', () => {
    expect(order({ title: 'ASC' })).toEqual(['d', 'b', 'a', 'c'])
    expect(order({ title: 'DESC' })).toEqual(['c', 'a', 'b', 'd'])
  })

  it('by a nested field, then a list of keys for ties; a missing value sorts last', () => {
    expect(order([{ frontmatter: { date: 'DESC' } }, { title: 'ASC' }])).toEqual(['a', 'c', 'b', 'd'])
    expect(order({ frontmatter: { date: 'ASC' } })).toEqual(['b', 'a', 'c', 'd'])
  })

  it('is stable: no sort keeps the order given', () => {
    expect(order(null)).toEqual(['a', 'b', 'c', 'd'])
    expect(order({ frontmatter: { author: 'ASC' } })).toEqual(['a', 'c', 'b', 'd'])
  })
})

describe('distinct and group', () => {
  it('reads a field selector as a path (Gatsby 5, and Gatsby 4 dotted strings)', () => {
    expect(selectorPath({ frontmatter: { author: 'SELECT' } })).toEqual(['frontmatter', 'author'])
    expect(selectorPath('frontmatter.author')).toEqual(['frontmatter', 'author'])
    expect(() => selectorPath({ a: 'SELECT', b: 'SELECT' })).toThrow(/exactly one field/)
  })

  it('distinct lists each value once, sorted, lists flattened', () => {
    expect(distinctValues(posts, ['frontmatter', 'author'])).toEqual(['ada', 'bob', 'cy'])
    expect(distinctValues(posts, ['tags'])).toEqual(['x', 'y'])
  })

  it('group: one group per value, with its nodes and the field name; a node with a list joins each group', () => {
    const groups = groupNodes(posts, ['tags'])
    expect(groups.map((group) => [group.field, group.fieldValue, group.nodes.map((post) => post.id)])).toEqual([
      ['tags', 'x', ['a']],
      ['tags', 'y', ['a', 'b']],
    ])
    expect(groupNodes(posts, ['frontmatter', 'author']).map((group) => group.nodes.length)).toEqual([2, 1, 1])
  })
})
