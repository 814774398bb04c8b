import MiniSearch from 'minisearch'
import { describe, expect, it } from 'vitest'
import { analyseDocument, invertEntries, invertIndex, writeIndex } from '../../../../plugins/search/indexWriter.ts'
import { searchIndexOptions } from '../../../../plugins/search/shared/searchIndexOptions.ts'
import type { SectionDocument } from '../../../../plugins/search/shared/types.ts'

const documents: SectionDocument[] = [
  {
    id: 0,
    page: 0,
    anchor: '',
    title: 'Queries',
    header: '',
    content: 'Queries find host elements: getByRole, getByText and findByLabelText.',
    start: 0,
    end: 70,
  },
  {
    id: 1,
    page: 0,
    anchor: 'by-role',
    title: '',
    header: 'getByRole',
    content: 'Finds an element by its accessibility role. Role role ROLE; Rôle with an accent.',
    start: 71,
    end: 150,
  },
  { id: 2, page: 1, anchor: '', title: 'userEvent', header: '', content: '', start: 0, end: 0 },
  {
    id: 3,
    page: 1,
    anchor: 'cjk',
    title: '',
    header: '中文 テスト',
    content: '用户事件 한국어 text with numbers v12 and 13.x',
    start: 1,
    end: 40,
  },
  { id: 4, page: 2, anchor: 'x', title: '', header: 'Same words', content: 'same words same words', start: 0, end: 21 },
]

function sortedIndex(json: ReturnType<MiniSearch['toJSON']>) {
  return { ...json, index: [...json.index].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) }
}

describe('search index writer', () => {
  it('writes what MiniSearch itself serializes (terms sorted)', () => {
    const reference = new MiniSearch<SectionDocument>(searchIndexOptions)
    reference.addAll(documents)
    const written = writeIndex(documents, documents.map(analyseDocument))
    expect(JSON.parse(JSON.stringify(written))).toEqual(JSON.parse(JSON.stringify(sortedIndex(reference.toJSON()))))
  })

  it('loads into MiniSearch and ranks exactly like an index MiniSearch built', () => {
    const reference = new MiniSearch<SectionDocument>(searchIndexOptions)
    reference.addAll(documents)
    const loaded = MiniSearch.loadJSON<SectionDocument>(
      JSON.stringify(writeIndex(documents, documents.map(analyseDocument))),
      searchIndexOptions,
    )
    for (const query of ['role', 'getByRole', 'user event', 'same', 'rôle', '中文', 'getByRloe', 'numb']) {
      expect(loaded.search(query)).toEqual(reference.search(query))
    }
    expect(loaded.search('role').length).toBeGreaterThan(0)
  })

  it('serializes the inverted index straight to the characters JSON.stringify writes for each entry', () => {
    // Terms JSON escapes or an object would inherit, and a document with a field absent (userEvent's content).
    const tricky: SectionDocument[] = [
      ...documents,
      {
        id: 5,
        page: 3,
        anchor: 'y',
        title: '__proto__ constructor',
        header: 'say "quoted" \\ back\\slash',
        content: 'tab\there line\u2028sep',
        start: 0,
        end: 9,
      },
    ]
    const analyses = tricky.map(analyseDocument)
    const index = invertIndex(analyses)
    expect(invertEntries(analyses)).toEqual({
      terms: index.map(([term]) => term),
      entries: index.map((entry) => JSON.stringify(entry)),
    })
  })
})
