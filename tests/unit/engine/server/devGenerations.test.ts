import { describe, expect, it } from 'vitest'
import { DevGenerations } from '../../../../engine/server/devGenerations.ts'
import { applyDevUpdate, isDevUpdate } from '../../../../engine/shared/devUpdate.ts'

describe('DevGenerations', () => {
  it('says which routes each rebuild left unchanged', () => {
    const generations = new DevGenerations()
    expect(generations.advance(['/a', '/b'])).toEqual({ from: 0, generation: 1, unchanged: ['/a', '/b'] })
    expect(generations.generation).toBe(1)
  })

  it('answers a page rendered before several rebuilds with the routes unchanged by all of them', () => {
    const generations = new DevGenerations()
    generations.advance(['/a', '/b', '/c'])
    generations.advance(['/a', '/c'])
    generations.advance(['/c', '/d'])
    expect(generations.since(0)).toEqual({ from: 0, generation: 3, unchanged: ['/c'] })
    expect(generations.since(1)).toEqual({ from: 1, generation: 3, unchanged: ['/c'] })
    expect(generations.since(2)).toEqual({ from: 2, generation: 3, unchanged: ['/c', '/d'] })
  })

  it('says everything may have changed across a generation that changed everything', () => {
    const generations = new DevGenerations()
    generations.advance(['/a'])
    generations.advance(null)
    generations.advance(['/a'])
    expect(generations.since(0).unchanged).toBeNull()
    expect(generations.since(2).unchanged).toEqual(['/a'])
  })

  it('says everything may have changed for a generation older than those kept', () => {
    const generations = new DevGenerations()
    for (let index = 0; index < 150; index++) generations.advance(['/a'])
    expect(generations.since(149).unchanged).toEqual(['/a'])
    expect(generations.since(10).unchanged).toBeNull()
  })

  it('tells a current page that nothing is newer', () => {
    const generations = new DevGenerations()
    generations.advance(['/a'])
    const update = generations.since(1)
    expect(update.generation).toBe(1)
    expect(applyDevUpdate(update, 1, '/b')).toEqual({ generation: 1, refetch: false })
    // A page claiming a generation from the future gets the current one, which it ignores.
    expect(generations.since(7).generation).toBe(1)
  })
})

describe('applyDevUpdate', () => {
  it('refetches when the route is not known unchanged', () => {
    expect(applyDevUpdate({ from: 3, generation: 4, unchanged: ['/a'] }, 3, '/b')).toEqual({
      generation: 4,
      refetch: true,
    })
    expect(applyDevUpdate({ from: 3, generation: 4, unchanged: ['/a'] }, 3, '/a')).toEqual({
      generation: 4,
      refetch: false,
    })
    expect(applyDevUpdate({ from: 3, generation: 4, unchanged: null }, 3, '/a')).toEqual({
      generation: 4,
      refetch: true,
    })
  })

  it('ignores an update it already has (a broadcast and the answer to its question can both arrive)', () => {
    expect(applyDevUpdate({ from: 2, generation: 4, unchanged: [] }, 4, '/a')).toEqual({
      generation: 4,
      refetch: false,
    })
  })

  it('refetches after missing updates, even for a route the last one left unchanged', () => {
    expect(applyDevUpdate({ from: 5, generation: 6, unchanged: ['/a'] }, 3, '/a')).toEqual({
      generation: 6,
      refetch: true,
    })
  })

  it('checks the shape of what arrives', () => {
    expect(isDevUpdate({ from: 1, generation: 2, unchanged: null })).toBe(true)
    expect(isDevUpdate({ paths: ['/a'] })).toBe(false)
    expect(isDevUpdate(null)).toBe(false)
    expect(isDevUpdate({ from: 1, generation: 2, unchanged: '/a' })).toBe(false)
  })
})
