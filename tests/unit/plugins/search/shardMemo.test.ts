import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  buildSearchIndexes,
  indexKey,
  type BuiltSearchIndex,
  type IndexablePage,
} from '../../../../plugins/search/buildSearchIndexes.ts'
import { IndexStateStore } from '../../../../plugins/search/indexStateStore.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-shard-memo-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const vocabulary = [
  'render',
  'query',
  'screen',
  'press',
  'event',
  'wait',
  'text',
  'role',
  'label',
  'value',
  'async',
  'mock',
  'the',
  'a',
  'and',
  'of',
]

/** A site big enough to shard and to cap 'the' (over 100 sections hold it), with a few sections a page. */
function site(): IndexablePage[] {
  return Array.from({ length: 60 }, (_, id) => ({
    id: `p${id}`,
    path: `/docs/page-${String(id).padStart(2, '0')}`,
    title: `Page ${vocabulary[id % vocabulary.length]} ${id}`,
    version: '1.0',
    lang: 'en',
    pageType: 'doc',
    frontmatter: {},
    // Three or four sections a page: fragments (four sections each) straddle pages.
    sections: Array.from({ length: 3 + (id % 2) }, (_, at) => ({
      anchor: at ? `section-${at}` : '',
      heading: at ? `Section ${vocabulary[(id + at) % vocabulary.length]}` : `Page ${id}`,
      depth: at ? 2 : 1,
      // 'the' in two sections of three, one to three times: over 100 postings, capped, ranked by count and length.
      text:
        Array.from(
          { length: 12 + ((id * 7 + at) % 30) },
          (_, n) => vocabulary[(id * 3 + at * 5 + n * n) % vocabulary.length],
        ).join(' ') +
        ` unique${id}x${at}` +
        ((id + at) % 3 ? ' the'.repeat(1 + ((id * at) % 3)) : ''),
    })),
    toc: [],
  }))
}

function withSection(
  pages: IndexablePage[],
  page: number,
  section: number,
  change: (section: { anchor: string; heading: string; depth: number; text: string }) => void,
): IndexablePage[] {
  const copy = structuredClone(pages)
  change((copy[page].sections as { anchor: string; heading: string; depth: number; text: string }[])[section])
  return copy
}

/** Every file a build has written so far, by path under its index folder: what a previous output holds. */
const written = new Map<string, string>()

/** `built` (its files, and those it reused from the previous output) is what `clean` wrote. */
function expectSameFiles(built: BuiltSearchIndex, clean: BuiltSearchIndex): void {
  const files = new Map(built.shards?.files)
  for (const reused of built.shards?.reused ?? []) {
    expect(files.has(reused)).toBe(false)
    files.set(reused, written.get(reused) as string)
  }
  expect(files).toEqual(new Map(clean.shards?.files))
  expect(built.shards?.meta).toBe(clean.shards?.meta)
  for (const [name, content] of clean.shards?.files ?? []) written.set(name, content)
}

describe("a rebuild reusing the last build's shards", () => {
  const key = indexKey('1.0', 'en')
  let pages = site()
  let store = new IndexStateStore(dir, 'memo')
  const rebuild = (next: IndexablePage[]) => {
    store.save()
    store = new IndexStateStore(dir, 'memo')
    store.preload()
    const before = store.get(key)?.shards
    const [built] = buildSearchIndexes(next, { hashNames: true, states: store, reuseShards: true }).values()
    const [clean] = buildSearchIndexes(next, { hashNames: true }).values()
    expectSameFiles(built, clean)
    pages = next
    const after = store.get(key)?.shards
    const reused = after?.shards.filter((shard) => before?.shards.includes(shard)).length ?? 0
    return { built, clean, reused, total: after?.shards.length ?? 0 }
  }

  it('writes the same files as a clean build after each kind of edit, and rebuilds only the shards an edit touched', () => {
    for (const [name, content] of buildSearchIndexes(pages, { hashNames: true, states: store }).get(key)?.shards
      ?.files ?? [])
      written.set(name, content)
    const edits: [string, IndexablePage[]][] = [
      ['a sentence added', withSection(pages, 10, 2, (section) => (section.text += ' brandnewword and render'))],
      // Only the fragment changes (its sections' anchors are not indexed): shards name fragments.
      ['an anchor renamed', withSection(pages, 20, 1, (section) => (section.anchor = 'renamed-anchor'))],
      [
        'a common term added many times',
        withSection(pages, 31, 3, (section) => (section.text = `the the the the the the the ${section.text}`)),
      ],
      // A section without 'the' grows tenfold: every field's average length moves, and 'the' keeps other postings.
      [
        'a long section',
        withSection(
          pages,
          40,
          2,
          (section) => (section.text = Array.from({ length: 400 }, (_, n) => `word${n}`).join(' ')),
        ),
      ],
      // Every row of a fragment names its page's title and route: a fragment of later sections changes too.
      ['a page title changed', pages.map((entry, id) => (id === 50 ? { ...entry, title: 'Renamed page' } : entry))],
      ['a page moved', pages.map((entry, id) => (id === 51 ? { ...entry, path: '/docs/page-51-moved' } : entry))],
      ['nothing', pages],
    ]
    for (const [, next] of edits) {
      const { built, clean, reused, total } = rebuild(next === pages ? pages : next)
      expect(built.json).toBe(clean.json)
      expect(total).toBeGreaterThan(20)
      // 400 new words make new shards: a quarter is still reused then.
      expect(reused).toBeGreaterThan(total / 4)
    }
  })

  it('rebuilds the shard of a capped term whose best postings moved, though no edited section holds it', () => {
    // 60 sections hold 'the' twice in 59 words, 60 once in 23, 128 others hold no 'the' in 10 words: the
    // content field's average length is 25, where the once-sections rank above the twice-sections for
    // 'the'. One 'the'-less section growing to 2,000 words moves the average to 33, which turns it round.
    const words = (prefix: string, count: number) => Array.from({ length: count }, (_, n) => `${prefix}${n}`).join(' ')
    const page = (id: number, text: string): IndexablePage => ({
      id: `c${id}`,
      path: `/c/${String(id).padStart(3, '0')}`,
      title: `C${id}`,
      version: '2.0',
      lang: 'en',
      pageType: 'doc',
      frontmatter: {},
      sections: [{ anchor: '', heading: `C${id}`, depth: 1, text }],
      toc: [],
    })
    const capped = Array.from({ length: 248 }, (_, id) =>
      page(
        id,
        id < 60 ? `the the ${words(`t${id}w`, 58)}` : id < 120 ? `the ${words(`o${id}w`, 22)}` : words(`f${id}w`, 10),
      ),
    )
    const cappedKey = indexKey('2.0', 'en')
    const states = new IndexStateStore(path.join(dir, 'capped'), 'memo')
    for (const [name, content] of buildSearchIndexes(capped, { hashNames: true, states }).get(cappedKey)?.shards
      ?.files ?? [])
      written.set(name, content)
    states.save()
    const grown = capped.map((entry, id) => (id === 200 ? page(200, words('zz', 2000)) : entry))
    const next = new IndexStateStore(path.join(dir, 'capped'), 'memo')
    const [built] = buildSearchIndexes(grown, { hashNames: true, states: next, reuseShards: true }).values()
    const [clean] = buildSearchIndexes(grown, { hashNames: true }).values()
    const theShard = (files: [string, string][]) => files.find(([, content]) => content.includes('["the",'))?.[1]
    expect(theShard(clean.shards?.files ?? [])).not.toBe(
      theShard(buildSearchIndexes(capped, { hashNames: true }).get(cappedKey)?.shards?.files ?? []),
    )
    expectSameFiles(built, clean)
  })

  it('is read back from the state file, and an old state file without it is still read', () => {
    store.save()
    const again = new IndexStateStore(dir, 'memo')
    const memo = again.get(key)?.shards
    expect(memo?.shards.length).toBeGreaterThan(20)
    expect(memo?.shards.every((shard) => /^[\w-]{8}$/.test(shard.name))).toBe(true)
    // A file as an earlier version wrote it: the head has no shard count, no memo lines follow.
    const file = fs.readdirSync(dir).find((name) => name.startsWith('index-memo-')) as string
    const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n')
    const { memo: _memo, ...head } = JSON.parse(lines[0]) as { memo: boolean }
    fs.writeFileSync(path.join(dir, file), [JSON.stringify(head), ...lines.slice(1, -1)].join('\n'))
    const old = new IndexStateStore(dir, 'memo').get(key)
    expect(old?.shards).toBeUndefined()
    expect(old?.terms.length).toBeGreaterThan(0)
  })
})
