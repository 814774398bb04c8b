import { expect, hits, openPage, routeOf, search, searchInput, test } from './helpers.ts'

/** A request for a file of the sharded index (its meta file, a shard or a document fragment). */
const shardFileRE = /\/static\/search\/[^/]+\/(meta\.[\w-]{8}|[ksd]\/[\w-]{8})\.json$/

test.describe('sharded search at scale', () => {
  test('the index files are named after their content, and a file the session has is never fetched again', async ({
    page,
  }) => {
    const fetched: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.includes('/static/search/')) fetched.push(pathname)
    })
    await openPage(page, '/docs/api/render')
    await search(page, 'render')
    expect(routeOf(await hits(page).first().getAttribute('href'))).toBe('/docs/api/render')
    // Content-addressed: no build hash in the folder, every file named by its own content.
    expect(fetched.length).toBeGreaterThan(2)
    for (const path of fetched) expect(path).toMatch(shardFileRE)
    const first = new Set(fetched)
    fetched.length = 0
    // Typing on ('rend' -> 'render screen') reuses what is loaded: only new files are asked for.
    await search(page, 'rend')
    await search(page, 'render screen')
    expect(routeOf(await hits(page).first().getAttribute('href')).split('#')[0]).toMatch(
      /^\/docs\/api\/(render|screen)$/,
    )
    for (const path of fetched) expect(first.has(path), path).toBe(false)
    expect(new Set(fetched).size).toBe(fetched.length)
  })

  // Whether a task passed 50 ms depends on the machine's load: the count is printed here and
  // measured by `npm run bench -- search`, not asserted (no timed tests).
  test('typing a query letter by letter ends with the answer to the whole query', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    // The modal, its worker and the meta file are loaded by a first query; then typing is measured.
    await search(page, 'screen')
    await page.evaluate(() => {
      const found: number[] = []
      ;(window as unknown as { longTasks: number[] }).longTasks = found
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) found.push(entry.duration)
      }).observe({ type: 'longtask' })
    })
    await searchInput(page).fill('')
    await searchInput(page).pressSequentially('getByRole', { delay: 30 })
    // The earlier query's hits stay shown until the new answer comes: wait for the answer to this one.
    await expect
      .poll(async () => routeOf(await hits(page).first().getAttribute('href')).split('#')[0])
      .toBe('/docs/api/queries')
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
    console.log(
      `long tasks over 50 ms while typing: ${longTasks.filter((duration) => duration > 50).length} ` +
        `(of ${longTasks.length})`,
    )
  })
})
