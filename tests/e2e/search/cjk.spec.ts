import { siteUrl } from '../sites.ts'
// Playwright's own test: the zh fixture page logs a 404 of its own (not a search file: the test checks every response).
import { expect, test } from '@playwright/test'

// A first visit follows the browser's language (i18n plugin): a Chinese reader stays on /zh/.
test.use({ locale: 'zh-CN' })

/**
 * CJK search through the sharded index a build writes: a Han term lives in the shard of its first
 * character, and the reader gets the Chinese page, never an English one.
 */
test('a Chinese query on the zh site finds the zh page through the sharded index', async ({ page }) => {
  const fetched: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.includes('/static/search/')) fetched.push(pathname)
  })
  const missing: string[] = []
  page
    .context()
    .on('response', (response) => void (response.status() === 404 && missing.push(new URL(response.url()).pathname)))
  await page.goto(siteUrl('i18n', '/zh/guide/start'))
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('combobox').fill('安装')
  const options = dialog.getByRole('listbox').getByRole('option')
  await expect(options.first()).toBeVisible()
  const hrefs = await options.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  expect(hrefs.some((href) => /\/zh\/guide\/start/.test(href))).toBe(true)
  for (const href of hrefs) expect(href).toMatch(/\/zh\//)
  // Every part of the index answered: no 404, no error message.
  expect(missing.filter((path) => path.includes('/static/search'))).toEqual([])
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  expect(fetched.some((path) => /\/static\/search\/[^/]*zh[^/]*\/s\/[\w-]{8}\.json$/.test(path))).toBe(true)
})
