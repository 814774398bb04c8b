import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readCacheEntryJson } from '../../../../engine/incremental/cacheEntry.ts'
import { PersistentAnalysisCache } from '../../../../plugins/search/analysisCache.ts'
import { createIndexFile } from '../../../../plugins/search/buildSearchIndexes.ts'
import type { SearchablePage } from '../../../../plugins/search/shared/pageDocuments.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-analyses-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const page = (n: number, extra = ''): SearchablePage => ({
  path: `/docs/page-${n}`,
  title: `Page ${n}`,
  sections: [
    { anchor: '', heading: `Page ${n}`, depth: 1, text: `Intro of page ${n} about getByRole and waitFor.${extra}` },
    { anchor: 'usage', heading: 'Usage', depth: 2, text: `Call render(<App />) then fireEvent.press on button ${n}.` },
  ],
})
const pages = [1, 2, 3].map((n) => page(n))
const json = (value: unknown) => JSON.stringify(value)

describe('search analyses kept between builds', () => {
  it('give the same index file as a build without a cache, before and after an edit', () => {
    const clean = json(createIndexFile(pages, '1.0', 'en'))
    const first = new PersistentAnalysisCache(dir)
    expect(json(createIndexFile(pages, '1.0', 'en', first))).toBe(clean)
    first.save()
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('analyses-'))).toHaveLength(1)

    // The next build is another process: it reads the file.
    const edited = [page(1), page(2, ' Now also about userEvent.'), page(3)]
    const second = new PersistentAnalysisCache(dir)
    expect(json(createIndexFile(edited, '1.0', 'en', second))).toBe(json(createIndexFile(edited, '1.0', 'en')))
    second.save()
    // Only the entries the last build used are kept: the edited section's old analysis is gone.
    const stored =
      readCacheEntryJson<Record<string, unknown>>(
        path.join(dir, fs.readdirSync(dir).find((name) => name.startsWith('analyses-')) as string),
      ) ?? {}
    expect(Object.keys(stored)).toHaveLength(6)
  })
})
