import { describe, expect, it } from 'vitest'
import { runNodeQuery } from '../../../../../engine/schema/query/runNodeQuery.ts'
import { NodeStore } from '../../../../../engine/store/nodeStore.ts'

// Gatsby's fast filters: an index per filtered field, made on first use. It must never answer
// from nodes as they were: a change to the store drops it.
describe('the lazy index behind eq and in', () => {
  const store = new NodeStore()
  for (let i = 0; i < 50; i++)
    store.createNode({ id: `p${i}`, type: 'Post', tag: i % 5 === 0 ? 'five' : 'other', n: i }, 't')

  it('answers eq and in in the default order, and combines with other conditions', () => {
    expect(runNodeQuery(store, 'Post', { filter: { tag: { eq: 'five' } } }).nodes.map((node) => node.id)).toEqual([
      'p0',
      'p5',
      'p10',
      'p15',
      'p20',
      'p25',
      'p30',
      'p35',
      'p40',
      'p45',
    ])
    expect(
      runNodeQuery(store, 'Post', { filter: { tag: { eq: 'five' }, n: { gte: 40 } } }).nodes.map((node) => node.id),
    ).toEqual(['p40', 'p45'])
    expect(
      runNodeQuery(store, 'Post', { filter: { n: { in: [7, 3] }, tag: { eq: 'other' } } }).nodes.map((node) => node.id),
    ).toEqual(['p3', 'p7'])
  })

  it('sees a node updated, added or deleted after the index was made', () => {
    expect(runNodeQuery(store, 'Post', { filter: { tag: { eq: 'six' } } }).totalCount).toBe(0)
    store.updateNode(store.getNode('p1')!, { tag: 'six' })
    store.createNode({ id: 'p99', type: 'Post', tag: 'six', n: 99 }, 't')
    expect(runNodeQuery(store, 'Post', { filter: { tag: { eq: 'six' } } }).nodes.map((node) => node.id)).toEqual([
      'p1',
      'p99',
    ])
    store.deleteNode('p1')
    expect(runNodeQuery(store, 'Post', { filter: { tag: { eq: 'six' } } }).nodes.map((node) => node.id)).toEqual([
      'p99',
    ])
  })

  it('reports the fields that decided the result (filter and sort roots)', () => {
    expect(
      runNodeQuery(store, 'Post', { filter: { tag: { eq: 'five' } }, sort: { n: 'DESC' }, limit: 2 }).decisive,
    ).toEqual(['tag', 'n'])
  })
})

// A sorted page walks the type's sorted order (made once per sort) when most nodes match: it must
// give what sorting the matches gives, ties in the default order, for any skip and limit.
describe('the sorted order behind sort', () => {
  const store = new NodeStore()
  for (let i = 0; i < 40; i++)
    store.createNode(
      { id: `s${String(i).padStart(2, '0')}`, type: 'Item', group: i % 3, odd: i % 2 === 1, title: `t${i % 7}` },
      't',
    )
  const ids = (query: Parameters<typeof runNodeQuery>[2]) =>
    runNodeQuery(store, 'Item', query).nodes.map((node) => node.id)
  const expected = (keep: (i: number) => boolean, skip: number, limit: number) =>
    Array.from({ length: 40 }, (_, i) => i)
      .filter(keep)
      .sort((a, b) => (a % 7) - (b % 7) || a - b)
      .slice(skip, skip + limit)
      .map((i) => `s${String(i).padStart(2, '0')}`)

  it('pages through most nodes matching, ties kept in the default order', () => {
    for (const [skip, limit] of [
      [0, 5],
      [3, 4],
      [18, 10],
      [30, 20],
    ]) {
      expect(ids({ filter: { odd: { ne: true } }, sort: { title: 'ASC' }, skip, limit })).toEqual(
        expected((i) => i % 2 === 0, skip, limit),
      )
    }
  })

  it('gives the same page when every node matches or only a few do', () => {
    expect(ids({ sort: { title: 'ASC' }, skip: 2, limit: 6 })).toEqual(expected(() => true, 2, 6))
    expect(ids({ filter: { group: { eq: 1 }, odd: { eq: true } }, sort: { title: 'ASC' }, limit: 3 })).toEqual(
      expected((i) => i % 3 === 1 && i % 2 === 1, 0, 3),
    )
  })

  it('reflects a change to a sorted field made after the order was built', () => {
    expect(ids({ sort: { title: 'DESC' }, limit: 1 })).toEqual(['s06'])
    store.updateNode(store.getNode('s39')!, { title: 't9' })
    expect(ids({ sort: { title: 'DESC' }, limit: 1 })).toEqual(['s39'])
  })
})
