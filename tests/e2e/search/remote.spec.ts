import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { groupHits } from '../../../plugins/search/shared/groupHits.ts'
import { createSearcher, searchPages, type Searcher } from '../../../plugins/search/shared/searchPages.ts'
import type { RemoteSearchGroup, SearchIndexFile } from '../../../plugins/search/shared/types.ts'
import { outDirName, remoteSearchApiPort } from '../sites.ts'
import { expect, hits, openPage, results, routeOf, search, searchDialog, searchInput, test } from './helpers.ts'

/**
 * A search API on 127.0.0.1, as SPEC §7 describes it: `GET ?keyword=&limit=
 * &searchIndexes=a,b&lang=` answered with `[{ index, hits }]`. It searches the
 * RNTL 13.x index the e2e build wrote, with the same shared code the browser
 * runs; index 'docs' holds the /docs pages, 'cookbook' the /cookbook ones.
 */
function startSearchApi(searcher: Searcher) {
  const requests: URLSearchParams[] = []
  let mode: 'ok' | 'fail' = 'ok'
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const headers = { 'access-control-allow-origin': '*', 'content-type': 'application/json' }
    if (url.pathname !== '/api/search') {
      response.writeHead(404, headers).end('[]')
      return
    }
    requests.push(url.searchParams)
    if (mode === 'fail') {
      response.writeHead(500, headers).end(JSON.stringify({ error: 'index unavailable' }))
      return
    }
    const limit = Number(url.searchParams.get('limit') ?? 7)
    const all = searchPages(searcher, url.searchParams.get('keyword') ?? '', 1000)
    const groups: RemoteSearchGroup[] = (url.searchParams.get('searchIndexes') ?? '')
      .split(',')
      .filter(Boolean)
      .map((index) => ({
        index,
        hits: groupHits(
          all.filter((hit) => hit.link.startsWith(`/${index}/`)),
          limit,
        ).flatMap((group) => group.hits),
      }))
    response.writeHead(200, headers).end(JSON.stringify(groups))
  })
  return {
    requests,
    setMode(next: 'ok' | 'fail') {
      mode = next
    },
    listen: () =>
      new Promise<void>((resolve, reject) =>
        server.once('error', reject).listen(remoteSearchApiPort, '127.0.0.1', () => resolve()),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function loadRntlIndex(): Searcher {
  const dir = path.resolve(import.meta.dirname, '../../..', outDirName, 'static')
  const { file } = JSON.parse(fs.readFileSync(path.join(dir, 'search_index.13.x.en.latest.json'), 'utf8')) as {
    file: string
  }
  return createSearcher(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as SearchIndexFile)
}

test.describe('remote search (search({ remote }))', () => {
  test.describe.configure({ mode: 'serial' })
  let api: ReturnType<typeof startSearchApi>

  test.beforeEach(async () => {
    api = startSearchApi(loadRntlIndex())
    await api.listen()
  })
  test.afterEach(async () => {
    await api.close()
  })

  test('asks the API with keyword, limit, searchIndexes and lang, and shows its groups', async ({ page }) => {
    const localIndexRequests: string[] = []
    const workers: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('search_index')) localIndexRequests.push(request.url())
    })
    page.on('worker', (worker) => workers.push(worker.url()))
    await openPage(page, '/docs/start', 'searchRemote')
    await search(page, 'render')
    await expect(hits(page).first()).toBeVisible()

    const asked = api.requests.map((params) => Object.fromEntries(params))
    expect(asked).toEqual([{ keyword: 'render', limit: '5', searchIndexes: 'docs,cookbook', lang: 'en' }])
    // One group per index, labelled with its name, at most `limit` (5) hits each.
    const groups = results(page).getByRole('group')
    await expect(groups).toHaveCount(2)
    await expect(groups.nth(0)).toHaveAccessibleName('docs')
    await expect(groups.nth(1)).toHaveAccessibleName('cookbook')
    for (const index of [0, 1]) {
      const count = await groups.nth(index).getByRole('option').count()
      expect(count).toBeGreaterThan(0)
      expect(count).toBeLessThanOrEqual(5)
    }
    const firstDocs = groups.nth(0).getByRole('option').first()
    expect(routeOf(await firstDocs.getAttribute('href'), '/search-remote/')).toBe('/docs/api/render')
    await expect(firstDocs.locator('mark').first()).toHaveText(/^render$/i)
    const firstCookbook = groups.nth(1).getByRole('option').first()
    expect(routeOf(await firstCookbook.getAttribute('href'), '/search-remote/')).toMatch(/^\/cookbook\//)
    // No local index, no loading state, no worker.
    expect(localIndexRequests).toEqual([])
    expect(workers).toEqual([])

    // Typed on: one request per settled query (debounced), answered from the cache when repeated.
    await searchInput(page).pressSequentially(' hook', { delay: 20 })
    await expect(hits(page).first().locator('mark').first()).toBeVisible()
    await expect.poll(() => api.requests.at(-1)?.get('keyword')).toBe('render hook')
    // Five keystrokes, not five requests (one, unless the machine stalls between keys).
    const afterTyping = api.requests.length
    expect(afterTyping - 1).toBeLessThan(5)
    await searchInput(page).fill('render')
    await expect(groups).toHaveCount(2)
    await page.waitForTimeout(400)
    expect(api.requests).toHaveLength(afterTyping)
  })

  test('a query the API finds nothing for shows the no-results message', async ({ page }) => {
    await openPage(page, '/docs/start', 'searchRemote')
    await search(page, 'qwxzvjkq')
    await expect(searchDialog(page).getByText('No results for "qwxzvjkq".', { exact: true })).toBeVisible()
    await expect(
      searchDialog(page).getByText('Please try again with a different keyword.', { exact: true }),
    ).toBeVisible()
    expect(api.requests).toHaveLength(1)
  })

  test('an API error (500) logs one error and shows an empty result; the next answer is not stuck on it', async ({
    page,
    consoleErrors,
  }) => {
    await openPage(page, '/docs/start', 'searchRemote')
    api.setMode('fail')
    await search(page, 'screen')
    await expect(searchDialog(page).getByText('No results for "screen".', { exact: true })).toBeVisible()
    await expect(results(page)).toHaveCount(0)
    await expect.poll(() => consoleErrors.messages.filter((message) => message.includes('[search]')).length).toBe(1)
    expect(consoleErrors.take(/\[search\]/)[0]).toMatch(/remote search failed.*500/)
    // Chromium's own network log line for the 500.
    consoleErrors.take(/Failed to load resource: the server responded with a status of 500/)

    // The API is back: the same query is asked again (a failure is not cached) and answered.
    api.setMode('ok')
    await search(page, 'screen queries')
    await expect(hits(page).first()).toBeVisible()
    await search(page, 'screen')
    await expect(hits(page).first()).toBeVisible()
    await expect(searchDialog(page).getByText(/No results/)).toHaveCount(0)
    expect(api.requests.map((params) => params.get('keyword'))).toEqual(['screen', 'screen queries', 'screen'])
  })

  test('an API that is down logs one error and shows an empty result', async ({ page, consoleErrors }) => {
    await openPage(page, '/docs/start', 'searchRemote')
    await api.close()
    await search(page, 'jotai')
    await expect(searchDialog(page).getByText('No results for "jotai".', { exact: true })).toBeVisible()
    await expect(results(page)).toHaveCount(0)
    await expect.poll(() => consoleErrors.messages.filter((message) => message.includes('[search]')).length).toBe(1)
    expect(consoleErrors.take(/\[search\]/)[0]).toMatch(/remote search failed/)
    consoleErrors.take(/Failed to load resource: net::ERR_CONNECTION_REFUSED/)
    await expect(searchInput(page)).toBeFocused()
  })
})
