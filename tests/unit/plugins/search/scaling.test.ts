import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, test } from 'vitest'
import { createIndexFile, createIndexShards } from '../../../../plugins/search/buildSearchIndexes.ts'
import { maxPostingsPerField } from '../../../../plugins/search/postingCap.ts'
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

describe('bytes per query do not grow with the site', () => {
  test('a word in every section costs as much at 2,000 pages as at 500', async () => {
    const small = sharded(syntheticPages(500))
    const large = sharded(syntheticPages(2000))
    for (const query of ['component', 'the component', 'render screen']) {
      const before = await small.firstQueryBytes(query)
      const after = await large.firstQueryBytes(query)
      expect(after.answer.hits.length, query).toBeGreaterThan(0)
      // Four times the pages; the same shards' worth of postings, a few more keys in the meta file.
      expect(after.bytes, query).toBeLessThan(before.bytes * 1.25)
      expect(after.bytes, query).toBeLessThan(60_000)
    }
  }, 120_000)

  test('a common term keeps its best postings per field with its true document frequency, and ranks as the whole index does', async () => {
    const pages = syntheticPages(500)
    const { files, firstQueryBytes } = sharded(pages)
    const entry = [...files]
      .filter(([path]) => path.startsWith('s/'))
      .flatMap(([, text]) => (JSON.parse(text) as IndexShard).index)
      .find(([term]) => term === 'component')
    expect(entry).toBeDefined()
    const [, postings, documentFrequency] = entry!
    // Every section says it: 2,000 content postings, of which the best are kept.
    expect(documentFrequency?.['2']).toBe(2000)
    expect(Object.keys(postings['2'])).toHaveLength(maxPostingsPerField)
    const whole = createSearcher(JSON.parse(JSON.stringify(createIndexFile(pages, null, 'en'))))
    const { answer } = await firstQueryBytes('component')
    expect(answer.hits).toEqual(searchPages(whole, 'component'))
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
