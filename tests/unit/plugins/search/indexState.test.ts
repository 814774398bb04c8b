import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, assert, describe, expect, it } from 'vitest'
import { buildSearchIndexes } from '../../../../plugins/search/buildSearchIndexes.ts'
import { fullIndexState, patchIndexState } from '../../../../plugins/search/indexState.ts'
import { IndexStateStore } from '../../../../plugins/search/indexStateStore.ts'
import { analyseDocument, analysisKey, type DocumentAnalysis } from '../../../../plugins/search/indexWriter.ts'
import type { SectionDocument } from '../../../../plugins/search/shared/types.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-index-state-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const words = [
  'role',
  'text',
  '__proto__',
  'constructor',
  'zeta',
  'Ärger',
  'émoji',
  'alpha',
  'beta',
  'gamma',
  'queries',
  'render',
]

function documents(count: number, edit: (id: number) => string = () => ''): SectionDocument[] {
  return Array.from({ length: count }, (_, id) => ({
    id,
    page: Math.floor(id / 5),
    anchor: id % 5 ? `a-${id}` : '',
    title: id % 5 ? '' : `Title ${words[id % words.length]}`,
    header: id % 3 ? `Header ${words[(id * 7) % words.length]}` : '',
    content:
      `${Array.from({ length: id % 9 }, (_, at) => words[(id + at) % words.length]).join(' ')} ${edit(id)}`.trim(),
    start: 0,
    end: 10,
  }))
}

function analyse(docs: SectionDocument[]) {
  return { keys: docs.map(analysisKey), analyses: docs.map(analyseDocument) }
}

describe('patched index state', () => {
  it('gives the entries of a full inversion after documents change', () => {
    const before = analyse(documents(120))
    const state = fullIndexState(before.keys, before.analyses)
    // Some documents gain a word no other has, lose every word, or swap their words.
    const after = analyse(
      documents(120, (id) => (id === 7 ? 'uniqueword' : id === 8 ? 'gamma gamma gamma' : '')).map((document) =>
        document.id === 9 ? { ...document, header: '', content: '' } : document,
      ),
    )
    const patched = patchIndexState(state, after.keys, (shortId) => after.analyses[shortId])
    const full = fullIndexState(after.keys, after.analyses)
    expect(patched).not.toBeNull()
    const { changes, shards, ...state2 } = patched as NonNullable<typeof patched>
    expect(state2).toEqual(full)
    expect(shards).toBeUndefined()
    expect(patched?.terms).toContain('uniqueword')
    // What changed, for the shards (see indexShards.ts): the documents, and the terms of their old and new analyses.
    expect(changes?.docs).toEqual([7, 8])
    expect(changes?.terms.has('uniqueword')).toBe(true)
    for (const [term] of before.analyses[8].terms.flat()) expect(changes?.terms.has(term)).toBe(true)
  })

  it('drops a term no document uses any more, and keeps the same state when nothing changed', () => {
    const before = analyse(documents(40, (id) => (id === 3 ? 'lonelyterm' : '')))
    const state = fullIndexState(before.keys, before.analyses)
    expect(patchIndexState(state, before.keys, () => assert.fail('nothing changed'))).toEqual({
      ...state,
      changes: { docs: [], terms: new Set() },
    })
    const after = analyse(documents(40))
    const patched = patchIndexState(state, after.keys, (shortId) => after.analyses[shortId])
    expect(patched?.terms).not.toContain('lonelyterm')
    const { changes: _changes, ...rest } = patched as NonNullable<typeof patched>
    expect(rest).toEqual({ ...fullIndexState(after.keys, after.analyses), shards: undefined })
  })

  it('refuses when documents were added, so short ids moved', () => {
    const before = analyse(documents(30))
    const state = fullIndexState(before.keys, before.analyses)
    const more = analyse(documents(31))
    expect(patchIndexState(state, more.keys, (shortId) => more.analyses[shortId])).toBeNull()
  })

  it('is kept between builds, and a rebuild from it writes the same file as a clean build', () => {
    const page = (id: number, text: string) => ({
      id: `p${id}`,
      path: `/docs/p${id}`,
      title: `Page ${id}`,
      version: '1.0',
      lang: 'en',
      pageType: 'doc',
      frontmatter: {},
      sections: [{ anchor: '', heading: `Page ${id}`, depth: 1, text }],
      toc: [],
    })
    const pages = Array.from({ length: 30 }, (_, id) => page(id, `Words ${words[id % words.length]} and more.`))
    const analyses = new Map<string, DocumentAnalysis>()
    const cache = {
      get: (key: string) => analyses.get(key),
      set: (key: string, value: DocumentAnalysis) => void analyses.set(key, value),
    }
    const first = new IndexStateStore(dir, 'test')
    buildSearchIndexes(pages, { analyses: cache, states: first })
    // Written by save(), after the build answered (the worker saves while the files are emitted).
    expect(fs.existsSync(dir) && fs.readdirSync(dir).some((name) => name.startsWith('index-test-'))).toBe(false)
    first.save()
    const edited = pages.map((entry, id) => (id === 4 ? page(4, 'A brand new sentence about rendering.') : entry))
    const store = new IndexStateStore(dir, 'test')
    store.preload()
    const [patched] = buildSearchIndexes(edited, { analyses: cache, states: store }).values()
    const [clean] = buildSearchIndexes(edited).values()
    expect(patched.json).toBe(clean.json)
    expect(fs.readdirSync(dir).some((name) => name.startsWith('index-test-'))).toBe(true)
  })
})
