import { beforeAll, describe, expect, test } from 'vitest'
import { createIndexFile, createIndexShards } from '../../../../plugins/search/buildSearchIndexes.ts'
import { createSearcher, searchPages } from '../../../../plugins/search/shared/searchPages.ts'
import { createShardedSearcher } from '../../../../plugins/search/shared/shardedSearcher.ts'
import type { SearchHit, ShardedIndexMeta } from '../../../../plugins/search/shared/types.ts'
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
  // What readers paste or type: error messages, matcher names, act warnings, migration terms.
  ['Unable to find an element', '/docs/guides/troubleshooting'],
  ['not wrapped in act', '/docs/advanced/understanding-act'],
  ['Cannot use import statement outside a module', '/docs/guides/troubleshooting'],
  ['Element type is invalid', '/docs/guides/troubleshooting'],
  ['toBeOnTheScreen is not a function', '/docs/guides/troubleshooting'],
  ['jest does not exit', '/docs/guides/troubleshooting'],
  ['toHaveTextContent', '/docs/api/jest-matchers'],
  ['toBeDisabled', '/docs/api/jest-matchers'],
  ['toBeVisible', '/docs/api/jest-matchers'],
  ['toHaveStyle', '/docs/api/jest-matchers'],
  ['ByAccessibilityState', '/docs/migration/v13'],
  ['concurrent rendering', '/docs/migration/v13'],
  ['jest preset', '/docs/migration/v13'],
  ['debug shallow', '/docs/migration/v13'],
  ['upgrade checklist', '/docs/migration/v13'],
  ['jest-native', '/docs/migration/jest-matchers'],
  ['waitForElementToBeRemoved', '/docs/api/misc/async'],
  ['findAllByRole', '/docs/api/queries'],
  ['rerender', '/docs/api/render'],
  ['userEvent.setup', '/docs/api/events/user-event'],
]

/** The same questions on 12.x (pages under /12.x/), where the content is written differently. */
const cases12: [query: string, expectedPage: string][] = [
  ['getByR', '/12.x/docs/api/queries'],
  ['findBy', '/12.x/docs/api/queries'],
  ['waitFor', '/12.x/docs/api/misc/async'],
  ['hostComponentNames', '/12.x/docs/api/misc/config'],
  ['configure', '/12.x/docs/api/misc/config'],
  ['fireEvent press', '/12.x/docs/api/events/fire-event'],
  ['userEvent type', '/12.x/docs/api/events/user-event'],
  ['renderHook', '/12.x/docs/api/misc/render-hook'],
  ['toBeOnTheScreen', '/12.x/docs/api/jest-matchers'],
  ['jest matchers', '/12.x/docs/api/jest-matchers'],
  ['jest-native', '/12.x/docs/migration/jest-matchers'],
  ['migration 12', '/12.x/docs/migration/v12'],
  ['migration 11', '/12.x/docs/migration/previous/v11'],
  ['within', '/12.x/docs/api/misc/other'],
  ['accessibility', '/12.x/docs/api/misc/accessibility'],
  ['act warning', '/12.x/docs/advanced/understanding-act'],
  ['testing environment', '/12.x/docs/advanced/testing-env'],
  ['custom render', '/12.x/cookbook/basics/custom-render'],
  ['network requests', '/12.x/cookbook/advanced/network-requests'],
  ['jotai', '/12.x/cookbook/state-management/jotai'],
  ['async tests', '/12.x/cookbook/basics/async-tests'],
  ['troubleshooting', '/12.x/docs/guides/troubleshooting'],
  ['how to query', '/12.x/docs/guides/how-to-query'],
  ['quick start', '/12.x/docs/start/quick-start'],
  ['screen', '/12.x/docs/api/screen'],
  ['render', '/12.x/docs/api/render'],
  ['community resources', '/12.x/docs/guides/community-resources'],
  ['faq', '/12.x/docs/guides/faq'],
  // 12.x documents the family as `*ByRole`: the query's tail 'byRole' finds it (see identifierTails.ts).
  ['getByRole', '/12.x/docs/api/queries'],
  ['getByRloe', '/12.x/docs/api/queries'],
  ['queryAllByText', '/12.x/docs/api/queries'],
  // What readers paste or type on 12.x: error messages, matcher names, act warnings, migration terms.
  ['Unable to find an element', '/12.x/docs/guides/troubleshooting'],
  // 12.x's troubleshooting guide has a section headed by the warning itself.
  ['not wrapped in act', '/12.x/docs/guides/troubleshooting'],
  ['Cannot use import statement outside a module', '/12.x/docs/guides/troubleshooting'],
  ['toBeOnTheScreen is not a function', '/12.x/docs/guides/troubleshooting'],
  ['toHaveTextContent', '/12.x/docs/api/jest-matchers'],
  ['toBeDisabled', '/12.x/docs/api/jest-matchers'],
  ['toBeVisible', '/12.x/docs/api/jest-matchers'],
  ['toHaveStyle', '/12.x/docs/api/jest-matchers'],
  ['extend-expect', '/12.x/docs/api/jest-matchers'],
  ['ByA11yState', '/12.x/docs/api/queries'],
  ['accessibilityState', '/12.x/docs/api/queries'],
  ['waitForElementToBeRemoved', '/12.x/docs/api/misc/async'],
  ['findAllByRole', '/12.x/docs/api/queries'],
  ['rerender', '/12.x/docs/api/render'],
  ['unmount', '/12.x/docs/api/render'],
  ['toJSON', '/12.x/docs/api/render'],
  ['userEvent.setup', '/12.x/docs/api/events/user-event'],
  ['toBeEmptyElement', '/12.x/docs/api/jest-matchers'],
  ['upgrade to 12', '/12.x/docs/migration/v12'],
  ['migrate from jest-native', '/12.x/docs/migration/jest-matchers'],
]

/** A search as the browser runs it: the whole index (develop mode), or the sharded copy a build writes. */
type Search = (query: string) => Promise<SearchHit[]>

async function topPages(search: Search, query: string): Promise<string[]> {
  return [...new Set((await search(query)).map((hit) => hit.link.split('#')[0]))]
}

/** Both searches of a version, built once for the two describe blocks below. */
const searchesOf = new Map<string, Promise<Record<'whole' | 'sharded', Search>>>()
function loadSearches(version: string, routePrefix: string): Promise<Record<'whole' | 'sharded', Search>> {
  let searches = searchesOf.get(version)
  if (!searches) {
    searches = buildSearches(version, routePrefix)
    searchesOf.set(version, searches)
  }
  return searches
}

async function buildSearches(version: string, routePrefix: string): Promise<Record<'whole' | 'sharded', Search>> {
  const pages = await loadContentPages(version, routePrefix)
  // Through JSON, as the browser receives it.
  const searcher = createSearcher(JSON.parse(JSON.stringify(createIndexFile(pages, version, 'en'))))
  const written = createIndexShards(pages, version, 'en')
  const files = new Map(written.files)
  const sharded = createShardedSearcher(
    JSON.parse(files.get(written.meta) as string) as ShardedIndexMeta,
    async (path) => JSON.parse(files.get(path) as string),
  )
  return {
    whole: async (query) => searchPages(searcher, query),
    sharded: async (query) => (await sharded.search(query)).hits,
  }
}

describe.each(['whole', 'sharded'] as const)('relevance on the real content (%s index)', (kind) => {
  let searches: Record<'13.x' | '12.x', Search>
  beforeAll(async () => {
    searches = { '13.x': (await loadSearches('13.x', ''))[kind], '12.x': (await loadSearches('12.x', '/12.x'))[kind] }
  }, 120_000)

  test.each(cases)('13.x: "%s" has %s in the top 3', async (query, expectedPage) => {
    expect((await topPages(searches['13.x'], query)).slice(0, 3)).toContain(expectedPage)
  })

  test.each(cases12)('12.x: "%s" has %s in the top 3', async (query, expectedPage) => {
    const ranked = await topPages(searches['12.x'], query)
    expect(ranked.slice(0, 3)).toContain(expectedPage)
    // Never a 13.x page: each version has its own index.
    for (const page of ranked) expect(page).toMatch(/^\/12\.x\//)
  })
})
