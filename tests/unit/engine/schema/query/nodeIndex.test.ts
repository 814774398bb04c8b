import { describe, expect, it } from 'vitest'
import { runNodeQuery } from '../../../../../engine/schema/query/runNodeQuery.ts'
import { NodeStore } from '../../../../../engine/store/nodeStore.ts'

// Gatsby's fast filters: an index per filtered field, made on first use. It must never answer
// from nodes as they were: a change to the store drops it.
describe('the lazy index behind eq and in', () => {
  const store = new NodeStore()
  for (let i = 0; i < 50; i++) store.createNode({ id: `p${i}`, type: 'Post', tag: i % 5 === 0 ? 'five' : 'other', n: i }, 't')

  it('answers eq and in in the default order, and combines with other conditions', () => {
    expect(runNodeQuery(store, 'Post', { filter: { tag: { eq: 'five' } } }).nodes.map((node) => node.id)).toEqual(['p0', 'p5', 'p10', 'p15', 'p20', 'p25', 'p30', 'p35', 'p40', 'p45'])
    expect(runNodeQuery(store, 'Post', { filter: { tag: { eq: 'five' }, n: { gte: 40 } } }).nodes.map((node) => node.id)).toEqual(['p40', 'p45'])
    expect(runNodeQuery(store, 'Post', { filter: { n: { in: [7, 3] }, tag: { eq: 'other' } } }).nodes.map((node) => node.id)).toEqual(['p3', 'p7'])
  })

  it('sees a node updated, added or deleted after the index was made', () => {
    expect(runNodeQuery(store, 'Post', { filter: { tag: { eq: 'six' } } }).totalCount).toBe(0)
    store.updateNode(store.getNode('p1')!, { tag: 'six' })
    store.createNode({ id: 'p99', type: 'Post', tag: 'six', n: 99 }, 't')
    expect(runNodeQuery(store, 'Post', { filter: { tag: { eq: 'six' } } }).nodes.map((node) => node.id)).toEqual(['p1', 'p99'])
    store.deleteNode('p1')
    expect(runNodeQuery(store, 'Post', { filter: { tag: { eq: 'six' } } }).nodes.map((node) => node.id)).toEqual(['p99'])
  })

  it('reports the fields that decided the result (filter and sort roots)', () => {
    expect(runNodeQuery(store, 'Post', { filter: { tag: { eq: 'five' } }, sort: { n: 'DESC' }, limit: 2 }).decisive).toEqual(['tag', 'n'])
  })
})
