import type { Page } from '@playwright/test'
import { expect, hits, openPage, routeOf, search, test } from './helpers.ts'

async function hitRoutes(page: Page): Promise<string[]> {
  await expect(hits(page).first()).toBeVisible()
  return (await hits(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')))).map((href) =>
    routeOf(href),
  )
}

test.describe('versioned search', () => {
  test('on a 12.x page, results come only from 12.x', async ({ page }) => {
    const indexRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('search_index') || request.url().includes('/static/search/'))
        indexRequests.push(new URL(request.url()).pathname)
    })
    await openPage(page, '/12.x/docs/api/render')
    for (const query of ['hostComponentNames', 'migration', 'render']) {
      await search(page, query)
      await expect(hits(page).first().locator('mark').first()).toBeVisible()
      const routes = await hitRoutes(page)
      for (const route of routes) expect(route, `"${query}"`).toMatch(/^\/12\.x\//)
    }
    // 12.x documents a hostComponentNames option in its config page; 13.x removed it.
    await search(page, 'hostComponentNames')
    expect((await hitRoutes(page))[0]).toMatch(/^\/12\.x\/docs\/api\/misc\/config#/)
    expect(indexRequests[0]).toBe('/react-native-testing-library/static/search_index.12.x.en.latest.json')
    expect(indexRequests[1]).toMatch(/\/static\/search\/12\.x\.en\/meta\.[\w-]{8}\.json$/)
    // Then only parts of the 12.x index, each once.
    for (const path of indexRequests.slice(2))
      expect(path).toMatch(/\/static\/search\/12\.x\.en\/[ksd]\/[\w-]{8}\.json$/)
    expect(new Set(indexRequests).size).toBe(indexRequests.length)
  })

  test('on a 13.x page, results never come from 12.x', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    for (const query of ['hostComponentNames', 'migration']) {
      await search(page, query)
      const routes = await hitRoutes(page)
      for (const route of routes) expect(route, `"${query}"`).not.toMatch(/^\/12\.x\//)
    }
    // The 13.x migration guide (docs/migration/v13) exists only in 13.x.
    await search(page, 'migration 13')
    expect((await hitRoutes(page)).map((route) => route.split('#')[0])).toContain('/docs/migration/v13')
  })

  test('switching version by client navigation switches the index', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await search(page, 'migration')
    for (const route of await hitRoutes(page)) expect(route).not.toMatch(/^\/12\.x\//)
    await page.keyboard.press('Escape')
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'))
    // The navbar's version switcher: the router follows it.
    await page.getByRole('banner').getByRole('button', { name: 'Version 13.x, choose another version' }).click()
    await page.getByRole('banner').getByRole('link', { name: '12.x', exact: true }).click()
    await expect(page).toHaveURL(/\/12\.x\/docs\/api\/render$/)
    await search(page, 'migration')
    await expect(hits(page).first().locator('mark').first()).toBeVisible()
    for (const route of await hitRoutes(page)) expect(route).toMatch(/^\/12\.x\//)
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document')
  })
})
