import { gzipSync } from 'node:zlib'
import MiniSearch from 'minisearch'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { createIndexFile, createIndexShards } from '../../../../plugins/search/buildSearchIndexes.ts'
import { maxShardChars } from '../../../../plugins/search/indexShards.ts'
import { createSearcher, searchPages, type Searcher } from '../../../../plugins/search/shared/searchPages.ts'
import {
  createShardedSearcher,
  keyTablePath,
  shardPathsForTerm,
  type ShardFetcher,
} from '../../../../plugins/search/shared/shardedSearcher.ts'
import { baseShardKey, shardsForTerm } from '../../../../plugins/search/shared/shardKeys.ts'
import type { SearchHit, ShardedIndexMeta, ShardKeyTable } from '../../../../plugins/search/shared/types.ts'
import { loadContentPages } from './contentPages.ts'

/**
 * Hits with scores to 12 significant digits: MiniSearch sums a prefix's terms in its tree's order,
 * and the shards' smaller tree can order them differently, which moves the last bits of a sum.
 */
function rounded(hits: SearchHit[]): SearchHit[] {
  return hits.map((hit) => ({ ...hit, score: Number(hit.score.toPrecision(12)) }))
}

/**
 * Queries whose typos stay within their own shard: there the sharded index answers exactly what the whole
 * one does. (The whole index lets 'jest' reach 'test', a shard does not: relevance.test.ts checks both rank well.)
 */
const queries = [
  'render',
  'getByRloe',
  'getByR',
  'waitFor',
  'userEvent type',
  'act warning',
  'screen',
  'toHaveTextContent',
  'quer',
]

/**
 * Queries of common words, whose typos and prefixes are looked for within a few shards: a typo is
 * forgiven within the term's own shard ('rerender' does not reach 'render' as the whole index lets it).
 * The pages shown first agree.
 */
const commonWordQueries = [
  'the',
  'rerender',
  'Unable to find an element',
  'how to test a component',
  'wait for an element to appear',
]

describe('a sharded index on the real 13.x content', () => {
  let whole: Searcher
  let files: Map<string, string>
  let meta: ShardedIndexMeta
  let metaName: string
  const reader =
    (fetched: string[], fail?: (path: string) => boolean): ShardFetcher =>
    async (path) => {
      fetched.push(path)
      if (fail?.(path)) throw new Error(`${path} answered 503`)
      const text = files.get(path)
      if (text === undefined) throw new Error(`no file ${path}`)
      return JSON.parse(text)
    }

  beforeAll(async () => {
    const pages = await loadContentPages('13.x', '')
    whole = createSearcher(JSON.parse(JSON.stringify(createIndexFile(pages, '13.x', 'en'))))
    const written = createIndexShards(pages, '13.x', 'en')
    files = new Map(written.files)
    metaName = written.meta
    meta = JSON.parse(files.get(metaName) as string) as ShardedIndexMeta
  }, 60_000)

  test.each(queries)('"%s" gives the whole index\'s hits, scores included', async (query) => {
    const sharded = createShardedSearcher(meta, reader([]))
    const { hits, failed } = await sharded.search(query)
    expect(failed).toBe(0)
    expect(rounded(hits)).toEqual(rounded(searchPages(whole, query)))
  })

  test.each(commonWordQueries)('"%s" (common words) shows the whole index\'s first pages', async (query) => {
    const pagesOf = (hits: SearchHit[]) => [...new Set(hits.map((hit) => hit.link.split('#')[0]))]
    const { hits } = await createShardedSearcher(meta, reader([])).search(query)
    const expected = pagesOf(searchPages(whole, query))
    expect(pagesOf(hits)[0]).toBe(expected[0])
    expect(
      pagesOf(hits)
        .slice(0, 3)
        .filter((page) => expected.slice(0, 5).includes(page)).length,
    ).toBeGreaterThanOrEqual(2)
  })

  test('one session answers each query as a fresh searcher does, and asked again, makes no new MiniSearch', async () => {
    const asked = [...queries, ...commonWordQueries, 'rnder', 'sreen', 'rend', 'rende']
    const fresh = await Promise.all(
      asked.map(async (query) => rounded((await createShardedSearcher(meta, reader([])).search(query)).hits)),
    )
    const session = createShardedSearcher(meta, reader([]))
    for (const [at, query] of asked.entries())
      expect(rounded((await session.search(query)).hits), query).toEqual(fresh[at])
    const loads = vi.spyOn(MiniSearch, 'loadJS')
    try {
      for (const [at, query] of asked.slice(-3).entries())
        expect(rounded((await session.search(query)).hits), query).toEqual(fresh[asked.length - 3 + at])
      expect(loads).not.toHaveBeenCalled()
    } finally {
      loads.mockRestore()
    }
  })

  test(
    'a typo in a term\'s second character ("rnder", "sreen") still finds the page, ' +
      'by a second look at the neighbouring shards',
    async () => {
      for (const [typo, link] of [
        ['rnder', '/docs/api/render'],
        ['sreen', '/docs/api/screen'],
      ]) {
        const fetched: string[] = []
        const { hits, failed } = await createShardedSearcher(meta, reader(fetched)).search(typo)
        expect(failed).toBe(0)
        expect(
          hits.slice(0, 5).map((hit) => hit.link.split('#')[0]),
          typo,
        ).toContain(link)
      }
      // An ordinary query reads no neighbouring shard.
      const fetched: string[] = []
      await createShardedSearcher(meta, reader(fetched)).search('render')
      expect(fetched.filter((path) => path.startsWith('s/')).length).toBeLessThanOrEqual(3)
    },
  )

  test('a title that is the whole query comes first, not one that only contains it as a camelCase part', async () => {
    // 'renderHook' is indexed under 'render' too (its camelCase part), with as many words as 'render'.
    const { hits } = await createShardedSearcher(meta, reader([])).search('render')
    expect(hits.find((hit) => hit.type === 'title')?.link).toBe('/docs/api/render')
    expect(searchPages(whole, 'render').find((hit) => hit.type === 'title')?.link).toBe('/docs/api/render')
  })

  test(
    "the first query reads the meta file, its terms' shards and the shown hits' fragments: " +
      'a small part of the index',
    async () => {
      const fetched: string[] = []
      await createShardedSearcher(meta, reader(fetched)).search('render')
      const gzip = (path: string) => gzipSync(files.get(path) as string).length
      const bytes = gzip(metaName) + fetched.reduce((sum, path) => sum + gzip(path), 0)
      const wholeBytes =
        gzipSync(JSON.stringify(createIndexFile([], '13.x', 'en'))).length +
        [...files.keys()].reduce((sum, path) => sum + gzip(path), 0)
      expect(bytes).toBeLessThan(40_000)
      expect(bytes).toBeLessThan(wholeBytes / 3)
    },
  )

  test('a shard that fails costs only its own hits, and is counted', async () => {
    // 'render' and 'screen' live in different shards; the 'sc' one fails.
    const table = JSON.parse(files.get(keyTablePath(meta, 'screen') as string) as string) as ShardKeyTable
    const screenShards = new Set(shardPathsForTerm(table, 'screen', true))
    const sharded = createShardedSearcher(
      meta,
      reader([], (path) => screenShards.has(path)),
    )
    const { hits, failed } = await sharded.search('render screen')
    expect(failed).toBe(screenShards.size)
    expect(hits.length).toBeGreaterThan(0)
    expect(hits.map((hit) => hit.link)).toContain('/docs/api/render')
    for (const hit of hits) expect(hit.statementHighlights.length + hit.highlights.length).toBeGreaterThan(0)
  })

  test('a failed shard is asked for again by the next query', async () => {
    let failing = true
    const fetched: string[] = []
    const sharded = createShardedSearcher(
      meta,
      reader(fetched, (path) => failing && path.startsWith('s/')),
    )
    expect((await sharded.search('render')).hits).toEqual([])
    failing = false
    expect(rounded((await sharded.search('render')).hits)).toEqual(rounded(searchPages(whole, 'render')))
  })

  test('shards stay under the size limit unless one term alone is bigger', () => {
    for (const [path, text] of files) {
      if (!path.startsWith('s/') || text.length <= maxShardChars) continue
      expect((JSON.parse(text) as { index: unknown[] }).index.length, path).toBe(1)
    }
  })
})

describe('a sharded index of CJK and accented text', () => {
  const section = (anchor: string, heading: string, text: string, depth = 2) => ({ anchor, heading, depth, text })
  const pages = [
    {
      path: '/zh/guide',
      title: '快速开始',
      sections: [
        section('', '快速开始', '安装测试库，然后编写第一个测试。', 1),
        section('config', '配置', '测试环境需要配置。'),
      ],
    },
    { path: '/zh/api', title: '渲染', sections: [section('', '渲染', '渲染组件并查询元素。', 1)] },
    { path: '/fr/deja', title: 'Déjà vu', sections: [section('', 'Déjà vu', 'Éléments accentués et résumé.', 1)] },
  ]
  const written = createIndexShards(pages, null, 'zh')
  const files = new Map(written.files)
  const meta = JSON.parse(files.get(written.meta) as string) as ShardedIndexMeta
  const whole = createSearcher(JSON.parse(JSON.stringify(createIndexFile(pages, null, 'zh'))))
  const sharded = createShardedSearcher(meta, async (path) => JSON.parse(files.get(path) as string))

  test.each(['测试', '配置', '渲染', '快速', 'deja', 'résumé', 'elem'])(
    '"%s" gives the whole index\'s hits',
    async (query) => {
      const { hits } = await sharded.search(query)
      expect(hits.length).toBeGreaterThan(0)
      expect(rounded(hits)).toEqual(rounded(searchPages(whole, query)))
    },
  )

  test('CJK terms are sharded by their first character', () => {
    const keysOf = (term: string) =>
      (JSON.parse(files.get(keyTablePath(meta, term) as string) as string) as ShardKeyTable).keys
    expect(keysOf('测试')).toContain('测')
    expect(keysOf('deja')).toContain('de')
  })
})

describe('shard keys', () => {
  test('two characters, one for CJK', () => {
    expect(baseShardKey('render')).toBe('re')
    expect(baseShardKey('测试')).toBe('测')
    expect(baseShardKey('テスト')).toBe('テ')
    expect(baseShardKey('тест')).toBe('те')
  })

  test('a term reads the longest key it starts with, and a prefix the keys that start with it', () => {
    const keys = ['re', 'rea', 'ren', 'sc', '测']
    expect(shardsForTerm(keys, 'render', false)).toEqual([2])
    expect(shardsForTerm(keys, 're', true)).toEqual([0, 1, 2])
    expect(shardsForTerm(keys, 'r', true)).toEqual([0, 1, 2])
    expect(shardsForTerm(keys, '测试', true)).toEqual([4])
    expect(shardsForTerm(keys, 'xyz', true)).toEqual([])
  })
})
