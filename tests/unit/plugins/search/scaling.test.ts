import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, test } from 'vitest'
import { createIndexFile, createIndexShards } from '../../../../plugins/search/buildSearchIndexes.ts'
import type { SearchablePage } from '../../../../plugins/search/shared/pageDocuments.ts'
import { createSearcher, searchPages } from '../../../../plugins/search/shared/searchPages.ts'
import { createShardedSearcher } from '../../../../plugins/search/shared/shardedSearcher.ts'
import type { IndexShard, ShardedIndexMeta } from '../../../../plugins/search/shared/types.ts'
import { loadContentPages } from './contentPages.ts'

/** A deterministic site of `count` pages: every section says 'component', a rarer word now and then. */
function syntheticPages(count: number): SearchablePage[] {
  const words = [
    'render',
    'screen',
    'query',
    'event',
    'press',
    'wait',
    'mock',
    'timer',
    'props',
    'state',
    'hook',
    'layout',
  ]
  const pages: SearchablePage[] = []
  let seed = 7
  const next = () => (seed = (seed * 48271) % 2147483647)
  for (let page = 0; page < count; page++) {
    const sections = [0, 1, 2, 3].map((n) => {
      const text = Array.from({ length: 30 + (next() % 40) }, () => words[next() % words.length]).join(' ')
      return {
        anchor: n ? `part-${n}` : '',
        heading: n ? `Part ${n} ${words[next() % words.length]}` : `Page ${page}`,
        depth: n ? 2 : 1,
        text: `The component ${'component '.repeat(next() % 3)}${text}`,
      }
    })
    pages.push({
      path: `/docs/p${String(page).padStart(5, '0')}`,
      title: `Page ${page} ${words[page % words.length]}`,
      sections,
    })
  }
  return pages
}

function sharded(pages: SearchablePage[]) {
  const written = createIndexShards(pages, null, 'en')
  const files = new Map(written.files)
  const meta = JSON.parse(files.get(written.meta) as string) as ShardedIndexMeta
  const firstQueryBytes = async (query: string) => {
    let bytes = gzipSync(files.get(written.meta) as string).length
    const answer = await createShardedSearcher(meta, async (path) => {
      bytes += gzipSync(files.get(path) as string).length
      return JSON.parse(files.get(path) as string)
    }).search(query)
    return { bytes, answer }
  }
  return { files, meta, firstQueryBytes }
}

describe('a common term', () => {
  // Postings are not capped: a word in every section brings all of them, so its bytes grow with
  // the site (the price of letting MiniSearch score the shards; see bench/README.md).
  test('keeps all its postings in its shard, and ranks as the whole index does', async () => {
    const pages = syntheticPages(500)
    const { files, firstQueryBytes } = sharded(pages)
    const entry = [...files]
      .filter(([path]) => path.startsWith('s/'))
      .flatMap(([, text]) => (JSON.parse(text) as IndexShard).index)
      .find(([term]) => term === 'component')
    expect(entry).toBeDefined()
    const [, postings] = entry!
    // Every section says it: 2,000 content postings.
    expect(Object.keys(postings['2'])).toHaveLength(2000)
    const whole = createSearcher(JSON.parse(JSON.stringify(createIndexFile(pages, null, 'en'))))
    for (const query of ['component', 'the component', 'render screen']) {
      const { answer } = await firstQueryBytes(query)
      expect(
        answer.hits.map(({ score, ...hit }) => ({ ...hit, score: Number(score.toPrecision(12)) })),
        query,
      ).toEqual(
        searchPages(whole, query).map(({ score, ...hit }) => ({ ...hit, score: Number(score.toPrecision(12)) })),
      )
    }
  }, 60_000)
})

describe('content-addressed files', () => {
  let pages: SearchablePage[]
  beforeAll(async () => {
    pages = await loadContentPages('13.x', '')
  }, 60_000)

  test('the same pages give the same files; a one-section edit renames only the files it changed', () => {
    const before = createIndexShards(pages, '13.x', 'en')
    expect(createIndexShards(pages, '13.x', 'en')).toEqual(before)
    // Reword one sentence of one section, as a typo fix does.
    const edited = structuredClone(pages)
    const page = edited.find((candidate) => candidate.path === '/docs/api/screen')!
    const section = page.sections.find((candidate) => candidate.text.length > 200)!
    section.text = section.text.replace(/\s\S+\s/, ' reworded ')
    const after = createIndexShards(edited, '13.x', 'en')
    const names = (files: [string, string][], folder: string) =>
      new Set(files.map(([path]) => path).filter((path) => path.startsWith(folder)))
    const changed = (folder: string) =>
      [...names(after.files, folder)].filter((path) => !names(before.files, folder).has(path)).length
    expect(after.meta).not.toBe(before.meta)
    // One fragment holds the section; every other keeps its name and bytes.
    expect(changed('d/')).toBe(1)
    expect(names(after.files, 'd/').size).toBe(names(before.files, 'd/').size)
    // The shards of the words added or removed, and of the shards naming the edited section's fragment.
    const shards = names(after.files, 's/').size
    console.log(`one-section edit: ${changed('s/')} of ${shards} shards renamed`)
    expect(changed('s/')).toBeGreaterThan(0)
    expect(changed('s/')).toBeLessThan(shards / 2)
  }, 60_000)
})
