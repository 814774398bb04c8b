import { beforeAll, describe, expect, test } from 'vitest'
import { createIndexFile } from '../../../../plugins/search/buildSearchIndexes.ts'
import { createSearcher, searchPages, type Searcher } from '../../../../plugins/search/shared/searchPages.ts'
import { loadContentPages } from './contentPages.ts'

/** Real questions a reader types, and the page that answers each. */
const cases: [query: string, expectedPage: string][] = [
  ['getByRole', '/docs/api/queries'],
  ['waitFor', '/docs/api/misc/async'],
  ['userEvent type', '/docs/api/events/user-event'],
  ['jest matchers', '/docs/api/jest-matchers'],
  ['act warning', '/docs/advanced/understanding-act'],
  ['renderHook', '/docs/api/misc/render-hook'],
  ['fireEvent press', '/docs/api/events/fire-event'],
  ['toBeOnTheScreen', '/docs/api/jest-matchers'],
  ['within', '/docs/api/misc/other'],
  ['configure', '/docs/api/misc/config'],
  ['custom render', '/cookbook/basics/custom-render'],
  ['network requests', '/cookbook/advanced/network-requests'],
  ['jotai', '/cookbook/state-management/jotai'],
  ['screen', '/docs/api/screen'],
  ['findBy', '/docs/api/queries'],
  ['accessibility', '/docs/api/misc/accessibility'],
  ['troubleshooting', '/docs/guides/troubleshooting'],
  ['migration 13', '/docs/migration/v13'],
  ['testing environment', '/docs/advanced/testing-env'],
  ['quick start', '/docs/start/quick-start'],
  ['how to query', '/docs/guides/how-to-query'],
  ['render', '/docs/api/render'],
  ['async tests', '/cookbook/basics/async-tests'],
  ['third party integration', '/docs/advanced/third-party-integration'],
  ['getByR', '/docs/api/queries'],
  ['getByRloe', '/docs/api/queries'],
]

describe('relevance on the real 13.x content', () => {
  let searcher: Searcher
  beforeAll(async () => {
    const pages = await loadContentPages('13.x')
    // Through JSON, as the browser receives it.
    searcher = createSearcher(JSON.parse(JSON.stringify(createIndexFile(pages, '13.x', 'en'))))
  })

  test.each(cases)('"%s" has %s in the top 3', (query, expectedPage) => {
    const ranked = [...new Set(searchPages(searcher, query).map((hit) => hit.link.split('#')[0]))]
    expect(ranked.slice(0, 3)).toContain(expectedPage)
  })
})
