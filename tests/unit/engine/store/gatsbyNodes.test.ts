import { describe, expect, it } from 'vitest'
import { NodeStore } from '../../../../engine/store/nodeStore.ts'

// Gatsby's node shape and actions (gatsbyjs.com/docs/reference/graphql-data-layer/node-interface/,
// actions.createNode / createParentChildLink / createNodeField).
describe('nodes in Gatsby shape', () => {
  it('createNode accepts `internal: { type, contentDigest }` and fills `internal.owner`, `parent`, `children`', () => {
    const store = new NodeStore()
    const node = store.createNode(
      { id: 'ada', internal: { type: 'Author', contentDigest: 'd1' }, name: 'Ada' },
      'authors-plugin',
    )
    expect(node).toMatchObject({
      id: 'ada',
      parent: null,
      children: [],
      internal: { type: 'Author', contentDigest: 'd1', owner: 'authors-plugin' },
      name: 'Ada',
    })
    expect(store.getNodesByType('Author')).toEqual([node])
  })

  it('refuses an `internal.owner` other than the creating plugin, naming it', () => {
    const store = new NodeStore()
    expect(() => store.createNode({ id: 'x', internal: { type: 'T', owner: 'someone-else' } }, 'mine')).toThrow(
      /plugin mine/,
    )
  })

  it('createParentChildLink adds the child to `children` and sets its `parent`', () => {
    const store = new NodeStore()
    const parent = store.createNode({ id: 'p', type: 'Page' }, 't')
    const child = store.createNode({ id: 'c', type: 'Excerpt', text: 'x' }, 't')
    store.createParentChildLink({ parent, child })
    store.createParentChildLink({ parent, child })
    expect(store.getNode('p')?.children).toEqual(['c'])
    expect(store.getNode('c')?.parent).toBe('p')
  })

  it('createNodeField sets `fields.<name>` and changes the digest', () => {
    const store = new NodeStore()
    const node = store.createNode({ id: 'n', type: 'T', internal: { contentDigest: 'd' } }, 't')
    store.createNodeField({ node, name: 'slug', value: '/a' })
    expect(node.fields).toEqual({ slug: '/a' })
    expect(node.internal.contentDigest).not.toBe('d')
    expect(() => store.createNodeField({ node, name: '1bad', value: 1 })).toThrow(/not a GraphQL field name/)
  })

  it('createNodeField refuses `__proto__` (GraphQL reserves names starting with __), and pollutes nothing', () => {
    const store = new NodeStore()
    const node = store.createNode({ id: 'n', type: 'T' }, 't')
    expect(() => store.createNodeField({ node, name: '__proto__', value: { polluted: true } })).toThrow(
      /not a GraphQL field name/,
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('getNodes lists every node; every change moves `revision`', () => {
    const store = new NodeStore()
    const before = store.revision
    store.createNode({ id: 'a', type: 'A' }, 't')
    store.createNode({ id: 'b', type: 'B' }, 't')
    expect(store.getNodes().map((node) => node.id)).toEqual(['a', 'b'])
    expect(store.types()).toEqual(['A', 'B'])
    expect(store.revision).toBeGreaterThan(before)
  })
})
