import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildSearchIndexes, documentKeys, type IndexablePage } from '../../../../plugins/search/buildSearchIndexes.ts'
import { IndexStateStore } from '../../../../plugins/search/indexStateStore.ts'
import { analysisKey } from '../../../../plugins/search/indexWriter.ts'
import { pageDocuments } from '../../../../plugins/search/shared/pageDocuments.ts'

// Issue 22: an index's state keeps each page's digest (its node's content digest) and document
// count, so a rebuild takes an unchanged page's document keys from the state instead of hashing
// every document's text again. A page edited while no build ran has another digest; a state whose
// pages do not add up is not trusted; either way the index is the one a clean build writes.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-document-keys-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const words = ['render', 'queries', 'screen', 'events', 'within', 'matchers', 'async', 'hooks']

function page(id: number, text: string, digest = `d${id}-${text.length}`): IndexablePage {
  return {
    id: `p${id}`,
    path: `/docs/p${String(id).padStart(2, '0')}`,
    title: `Page ${id}`,
    version: '1.0',
    lang: 'en',
    pageType: 'doc',
    frontmatter: {},
    sections: [
      { anchor: '', heading: `Page ${id}`, depth: 1, text },
      { anchor: 'more', heading: 'More', depth: 2, text: `More about ${words[(id * 3) % words.length]}.` },
    ],
    toc: [],
    digest,
  }
}

const site = Array.from({ length: 24 }, (_, id) =>
  page(id, `Words about ${words[id % words.length]} and ${words[(id + 1) % words.length]}.`),
)

describe('document keys', () => {
  it("takes an unchanged page's keys from the state, and hashes a page whose digest or document count changed", () => {
    const documents = (pages: IndexablePage[]) =>
      pages.flatMap(
        (entry, index) =>
          pageDocuments(
            { path: String(entry.path), title: String(entry.title), sections: entry.sections as never },
            index,
            index * 2,
          ).documents,
      )
    const docs = documents(site.slice(0, 3))
    const spans: [string, number][] = [
      ['a', 2],
      ['b', 2],
      ['c', 2],
    ]
    // Keys the state says these pages had: taken as they are when the digests match.
    const previous = { docKeys: ['k0', 'k1', 'k2', 'k3', 'k4', 'k5'], pageSpans: spans }
    expect(documentKeys(docs, spans, previous)).toEqual(previous.docKeys)
    const edited: [string, number][] = [
      ['a', 2],
      ['B', 2],
      ['c', 2],
    ]
    expect(documentKeys(docs, edited, previous)).toEqual([
      'k0',
      'k1',
      analysisKey(docs[2]),
      analysisKey(docs[3]),
      'k4',
      'k5',
    ])
    // A page without a digest, or pages added or removed: hashed.
    expect(
      documentKeys(
        docs,
        [
          ['a', 2],
          [null, 2],
          ['c', 2],
        ],
        previous,
      ).slice(2, 4),
    ).toEqual([analysisKey(docs[2]), analysisKey(docs[3])])
    expect(
      documentKeys(
        docs.slice(0, 4),
        [
          ['a', 2],
          ['b', 2],
        ],
        previous,
      ),
    ).toEqual(docs.slice(0, 4).map(analysisKey))
  })

  it('gives the index of a clean build after a page edited while no build ran, and from a damaged state', () => {
    const first = new IndexStateStore(dir, 'keys')
    buildSearchIndexes(site, { states: first })
    first.save()
    const edited = site.map((entry, id) =>
      id === 5 ? page(5, 'A brand new sentence about rendering and within.') : entry,
    )
    const [clean] = buildSearchIndexes(edited).values()
    const fromState = new IndexStateStore(dir, 'keys')
    fromState.preload()
    expect([...buildSearchIndexes(edited, { states: fromState }).values()][0].json).toBe(clean.json)

    // Spans that do not add up to the state's documents: not trusted, every document hashed.
    const [file] = fs.readdirSync(dir).filter((name) => name.startsWith('index-keys-'))
    const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n')
    const head = JSON.parse(lines[0]) as { pageSpans: [string, number][] }
    head.pageSpans[0][1] += 1
    fs.writeFileSync(path.join(dir, file), [JSON.stringify(head), ...lines.slice(1)].join('\n'))
    const damaged = new IndexStateStore(dir, 'keys')
    damaged.preload()
    expect(damaged.get('1.0|en')?.pageSpans).toBeUndefined()
    const again = site.map((entry, id) => (id === 9 ? page(9, 'Another sentence about queries.') : entry))
    expect([...buildSearchIndexes(again, { states: damaged }).values()][0].json).toBe(
      [...buildSearchIndexes(again).values()][0].json,
    )
  })
})
