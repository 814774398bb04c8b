import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { QueryMemo } from '../../../../engine/incremental/queryMemo.ts'
import { readKey } from '../../../../engine/incremental/readKey.ts'
import { NodeStore } from '../../../../engine/store/nodeStore.ts'

// Issue 22: plugins' whole-site computations in createPages (a social card's title and sidebar
// section for every page) are kept between builds with what their queries read. Each test builds a
// store as a build would, runs a computation through the memo, saves it, and asks again with the
// next build's store.

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-query-memo-'))
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }))

let fileCount = 0
const memoFile = () => path.join(temp, `queries-${fileCount++}.json`)

interface PageSpec {
  title: string
  body: string
}

/** A store with one Page node per spec, keyed by route; a node's digest covers its title and body. */
function storeOf(pages: Record<string, PageSpec>): NodeStore {
  const store = new NodeStore()
  for (const [route, page] of Object.entries(pages))
    store.createNode({ type: 'Page', key: route, path: route, ...page }, 'test')
  return store
}

/** Reads every page's title (recording a read of the title field only), as a plugin's query would. */
function titles(store: NodeStore, runs: { count: number }) {
  return async (reads: Set<string>) => {
    runs.count++
    return store.getNodesByType('Page').map((page) => {
      reads.add(readKey(page.id, ['title']))
      return [page.path, page.title]
    })
  }
}

const site = { '/a': { title: 'A', body: 'one' }, '/b': { title: 'B', body: 'two' } }

async function twoBuilds(first: NodeStore, second: NodeStore, file = memoFile(), keys: [string, string] = ['k', 'k']) {
  const runs = { count: 0 }
  const before = new QueryMemo(file, keys[0], first)
  const firstResult = await before.run('titles', titles(first, runs))
  before.save()
  const after = new QueryMemo(file, keys[1], second)
  const secondResult = await after.run('titles', titles(second, runs))
  after.save()
  return { runs: runs.count, firstResult, secondResult, file }
}

describe('QueryMemo', () => {
  it('returns the stored result without running the computation when nothing it read changed', async () => {
    const { runs, secondResult } = await twoBuilds(storeOf(site), storeOf(site))
    expect(runs).toBe(1)
    expect(secondResult).toEqual([
      ['/a', 'A'],
      ['/b', 'B'],
    ])
  })

  it('keeps the result when a field it did not read changed (a body edit)', async () => {
    const { runs } = await twoBuilds(storeOf(site), storeOf({ ...site, '/b': { title: 'B', body: 'an edited body' } }))
    expect(runs).toBe(1)
  })

  it('runs again when a field it read changed (a title edited while no build ran)', async () => {
    const { runs, secondResult } = await twoBuilds(
      storeOf(site),
      storeOf({ ...site, '/b': { title: 'A new title', body: 'two' } }),
    )
    expect(runs).toBe(2)
    expect(secondResult).toEqual([
      ['/a', 'A'],
      ['/b', 'A new title'],
    ])
  })

  it('runs again when a page was added or removed, or the key (engine, config) changed', async () => {
    expect((await twoBuilds(storeOf(site), storeOf({ ...site, '/c': { title: 'C', body: '' } }))).runs).toBe(2)
    expect((await twoBuilds(storeOf(site), storeOf({ '/a': site['/a'] }))).runs).toBe(2)
    expect((await twoBuilds(storeOf(site), storeOf(site), memoFile(), ['k', 'another engine'])).runs).toBe(2)
  })

  it('runs again, without an error, when the stored file is damaged, cut short or not a memo', async () => {
    for (const damage of [
      (text: string) => text.replace('"/a"', '"/x"'),
      (text: string) => text.slice(0, text.length / 2),
      () => 'sheaf-cache-1 2 x\n{}',
    ]) {
      const { file } = await twoBuilds(storeOf(site), storeOf(site))
      fs.writeFileSync(file, damage(fs.readFileSync(file, 'utf8')))
      const runs = { count: 0 }
      const store = storeOf(site)
      expect(await new QueryMemo(file, 'k', store).run('titles', titles(store, runs))).toEqual([
        ['/a', 'A'],
        ['/b', 'B'],
      ])
      expect(runs.count).toBe(1)
    }
  })

  it('keeps only the entries the last build used, and gives results as JSON gives them back', async () => {
    const file = memoFile()
    const store = storeOf(site)
    const first = new QueryMemo(file, 'k', store)
    expect(await first.run('undefined fields', async () => ({ kept: 1, dropped: undefined }))).toEqual({ kept: 1 })
    await first.run('unused next time', async () => 1)
    first.save()
    const second = new QueryMemo(file, 'k', store)
    expect(Object.keys(await second.run('undefined fields', async () => ({ kept: 2 })))).toEqual(['kept'])
    second.save()
    const runs = { count: 0 }
    await new QueryMemo(file, 'k', store).run('unused next time', async () => ++runs.count)
    expect(runs.count).toBe(1)
  })
})
