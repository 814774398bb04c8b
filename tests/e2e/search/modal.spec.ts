import type { Page } from '@playwright/test'
import {
  expect,
  hits,
  loadingIndicator,
  openPage,
  search,
  searchButton,
  searchDialog,
  searchInput,
  test,
} from './helpers.ts'

/**
 * Records, in the page, each time the search loading state appears and
 * disappears (a MutationObserver: exact to the frame, unlike polling).
 */
async function watchLoadingState(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log: { shown: number; hidden: number | null }[] = []
    ;(window as unknown as { loadingLog: typeof log }).loadingLog = log
    const isShown = () =>
      [...document.querySelectorAll('[role="dialog"] [role="status"]')].some((element) =>
        element.textContent?.includes('Loading the search index'),
      )
    let shown = false
    new MutationObserver(() => {
      const now = isShown()
      if (now && !shown) log.push({ shown: performance.now(), hidden: null })
      if (!now && shown) log[log.length - 1].hidden = performance.now()
      shown = now
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
}

function loadingLog(page: Page) {
  return page.evaluate(
    () => (window as unknown as { loadingLog: { shown: number; hidden: number | null }[] }).loadingLog,
  )
}

test.describe('opening the search modal', () => {
  test('the navbar button opens a dialog with the "Search Docs" input focused', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await expect(searchDialog(page)).toHaveCount(0)
    await expect(searchButton(page)).toHaveAttribute('aria-expanded', 'false')
    await searchButton(page).click()
    await expect(searchDialog(page)).toBeVisible()
    await expect(searchButton(page)).toHaveAttribute('aria-expanded', 'true')
    await expect(searchInput(page)).toHaveAttribute('placeholder', 'Search Docs')
    await expect(searchInput(page)).toBeFocused()
  })

  // Both shortcuts on one page: each round trip ends with the dialog closed, as the page began.
  test('Control+k and Meta+k each open it from anywhere on the page, and again close it', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    for (const shortcut of ['Control+k', 'Meta+k']) {
      await test.step(shortcut, async () => {
        await page.getByRole('heading', { level: 1 }).click()
        await expect(searchButton(page)).not.toBeFocused()
        await page.keyboard.press(shortcut)
        await expect(searchDialog(page)).toBeVisible()
        await expect(searchInput(page)).toBeFocused()
        await page.keyboard.press(shortcut)
        await expect(searchDialog(page)).toHaveCount(0)
        await expect(searchButton(page)).toBeFocused()
      })
    }
  })

  test('the first opening shows the loading state for at least 1 s, later ones do not', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await watchLoadingState(page)
    await searchButton(page).click()
    await expect(loadingIndicator(page)).toBeVisible()
    // Typed while loading: answered once the index is ready.
    await searchInput(page).fill('render')
    await expect(loadingIndicator(page)).toBeHidden({ timeout: 10_000 })
    await expect(hits(page).first()).toBeVisible()
    const first = await loadingLog(page)
    expect(first).toHaveLength(1)
    expect(first[0].hidden).not.toBeNull()
    const shownMs = first[0].hidden! - first[0].shown
    expect(shownMs).toBeGreaterThanOrEqual(1000)
    // The index is local and small: the minimum, not the load, sets the time.
    expect(shownMs).toBeLessThan(3000)

    await page.keyboard.press('Escape')
    await expect(searchDialog(page)).toHaveCount(0)
    await page.keyboard.press('Control+k')
    await expect(searchInput(page)).toBeFocused()
    await searchInput(page).fill('screen')
    await expect(hits(page).first()).toBeVisible()
    expect(await loadingLog(page)).toHaveLength(1)

    // After a client navigation to another page of the same version, still no loading state.
    await page.keyboard.press('Escape')
    await page.getByRole('banner').getByRole('link', { name: 'Docs', exact: true }).click()
    await expect(page).toHaveURL(/\/docs\/start\/intro$/)
    await searchButton(page).click()
    await searchInput(page).fill('queries')
    await expect(hits(page).first()).toBeVisible()
    expect(await loadingLog(page)).toHaveLength(1)
  })

  test('the index is fetched on first open only, once per session, and queried in a Web Worker', async ({ page }) => {
    const indexRequests: string[] = []
    const workers: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('search_index') || request.url().includes('/static/search/'))
        indexRequests.push(new URL(request.url()).pathname)
    })
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname))
    await openPage(page, '/docs/api/render')
    await page.mouse.wheel(0, 600)
    await page.waitForTimeout(500)
    expect(indexRequests).toEqual([])
    expect(workers).toEqual([])

    await search(page, 'getByRole')
    await expect(hits(page).first()).toBeVisible()
    expect(workers).toHaveLength(1)
    expect(workers[0]).toMatch(/\/react-native-testing-library\/assets\/search\.worker-[\w-]+\.js$/)
    // The pointer, then the sharded index's meta file, then only the shards and fragments the query needs.
    expect(indexRequests[0]).toBe('/react-native-testing-library/static/search_index.13.x.en.latest.json')
    expect(indexRequests[1]).toMatch(
      /^\/react-native-testing-library\/static\/search\/13\.x\.en\/meta\.[\w-]{8}\.json$/,
    )
    for (const path of indexRequests.slice(2))
      expect(path).toMatch(/^\/react-native-testing-library\/static\/search\/13\.x\.en\/[ksd]\/[\w-]{8}\.json$/)
    expect(indexRequests.length).toBeGreaterThan(2)

    // Closing, reopening and another page of the version: nothing more is fetched, no new worker.
    await page.keyboard.press('Escape')
    await hits(page).first().waitFor({ state: 'detached' })
    await page.getByRole('banner').getByRole('link', { name: 'Cookbook', exact: true }).click()
    await expect(page).toHaveURL(/\/cookbook\/$/)
    await search(page, 'jotai')
    await expect(hits(page).first()).toBeVisible()
    await page.keyboard.press('Escape')
    await search(page, 'waitFor')
    await expect(hits(page).first()).toBeVisible()
    await search(page, 'getByRole')
    await expect(hits(page).first()).toBeVisible()
    // The pointer and meta file once; every shard or fragment at most once; the whole index never.
    expect(indexRequests.filter((path) => !/\/[ksd]\/[\w-]{8}\.json$/.test(path))).toHaveLength(2)
    expect(new Set(indexRequests).size).toBe(indexRequests.length)
    expect(workers).toHaveLength(1)
  })

  test('Escape closes the dialog and gives focus back to the search button', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await search(page, 'render')
    await expect(hits(page).first()).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(searchDialog(page)).toHaveCount(0)
    await expect(searchButton(page)).toBeFocused()
    // The page scrolls again.
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('')
  })

  test('a click on the backdrop closes the dialog, a click inside does not', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await search(page, 'render')
    await searchDialog(page).click({ position: { x: 4, y: 4 } })
    await expect(searchDialog(page)).toBeVisible()
    await page.mouse.click(5, 700)
    await expect(searchDialog(page)).toHaveCount(0)
  })

  test('Tab and Shift+Tab keep focus inside the dialog', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await search(page, 'render')
    await expect(hits(page).first()).toBeVisible()
    const insideDialog = () =>
      searchDialog(page).evaluate(
        (dialog) => dialog.contains(document.activeElement) && document.activeElement !== dialog,
      )
    const focused: string[] = []
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key)
      expect(await insideDialog(), `focus after ${key}`).toBe(true)
      focused.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
    }
    // The dialog has two stops, the input and its clear button: Tab alternates between them.
    expect(focused).toEqual([
      'Clear the query',
      'Search Docs',
      'Clear the query',
      'Search Docs',
      'Clear the query',
      'Search Docs',
    ])
  })
})
