import { expect, test, type Page } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { fixtureDevServer } from './fixtureDevServer.ts'

/**
 * The dev server keeps running through content and config errors: each shows in Vite's overlay
 * with its file (and line where there is one), clears on the next good save, and the edits after
 * it still reach the page.
 */
test.describe.configure({ mode: 'serial' })

const { siteDir, originalOf, openHydrated } = fixtureDevServer('dev-errors', 5601)
const file = (relative: string) => path.join(siteDir, relative)

test.afterEach(() => {
  for (const relative of ['site/config.ts', 'content/docs/guide.md', 'content/docs/api.md'])
    fs.writeFileSync(file(relative), originalOf(relative))
})

/** The server is alive and the page still follows saves: an edit after the error shows in place. */
async function stillUpdates(page: Page, text: string) {
  fs.writeFileSync(
    file('content/docs/guide.md'),
    originalOf('content/docs/guide.md').replace('Tests should resemble the way users use the app.', text),
  )
  await expect(page.getByText(text)).toBeVisible()
}

test('a syntax error in the config shows with its file, clears when fixed, and the server goes on', async ({
  page,
}) => {
  await openHydrated(page, '/docs/guide')
  fs.writeFileSync(
    file('site/config.ts'),
    originalOf('site/config.ts').replace("title: 'Fixture Docs',", "title: 'Fixture Docs',,"),
  )
  const overlay = page.locator('vite-error-overlay')
  await expect(overlay).toHaveCount(1)
  await expect(overlay).toContainText('site/config.ts')
  fs.writeFileSync(file('site/config.ts'), originalOf('site/config.ts'))
  await expect(overlay).toHaveCount(0)
  await stillUpdates(page, 'After the config error.')
})

test('an invalid config value shows with its file, clears when fixed, and the server goes on', async ({ page }) => {
  await openHydrated(page, '/docs/guide')
  fs.writeFileSync(
    file('site/config.ts'),
    originalOf('site/config.ts').replace("base: '/fixture/',", "base: '/fixture/',\n  lang: 42 as unknown as string,"),
  )
  const overlay = page.locator('vite-error-overlay')
  await expect(overlay).toHaveCount(1)
  await expect(overlay).toContainText('lang')
  fs.writeFileSync(file('site/config.ts'), originalOf('site/config.ts'))
  await expect(overlay).toHaveCount(0)
  await stillUpdates(page, 'After the invalid config.')
})

test('an error in another page shows with file:line while this one is open, and clears when fixed', async ({
  page,
}) => {
  await openHydrated(page, '/docs/guide')
  fs.writeFileSync(file('content/docs/api.md'), originalOf('content/docs/api.md').replace('title: API', 'title: [API'))
  const overlay = page.locator('vite-error-overlay')
  await expect(overlay).toHaveCount(1)
  await expect(overlay.locator('.file')).toContainText('content/docs/api.md:2')
  // Two errors in a row: the overlay follows the newest, the server the next good save.
  fs.writeFileSync(
    file('content/docs/api.md'),
    `${originalOf('content/docs/api.md')}\nSee [the missing page](./missing.md).\n`,
  )
  await expect(overlay).toContainText('missing.md')
  await expect(overlay.locator('.file')).toContainText(
    `content/docs/api.md:${originalOf('content/docs/api.md').split('\n').length + 1}`,
  )
  fs.writeFileSync(file('content/docs/api.md'), originalOf('content/docs/api.md'))
  await expect(overlay).toHaveCount(0)
  await stillUpdates(page, 'After the content error.')
})

test('a page opened during an error shows it, and clears with the fix', async ({ page, context }) => {
  await openHydrated(page, '/docs/guide')
  fs.writeFileSync(file('content/docs/api.md'), originalOf('content/docs/api.md').replace('title: API', 'title: [API'))
  await expect(page.locator('vite-error-overlay')).toHaveCount(1)
  // Another tab, opened while the error stands (Vite sent the error to the first one only).
  const second = await context.newPage()
  await openHydrated(second, '/docs/guide')
  await expect(second.locator('vite-error-overlay').locator('.file')).toContainText('content/docs/api.md:2')
  fs.writeFileSync(file('content/docs/api.md'), originalOf('content/docs/api.md'))
  await expect(second.locator('vite-error-overlay')).toHaveCount(0)
  await expect(page.locator('vite-error-overlay')).toHaveCount(0)
})

test('an error fixed while no page was open does not show on the next page', async ({ page }) => {
  // No page is connected: Vite keeps the error for the next page that connects.
  fs.writeFileSync(file('content/docs/api.md'), originalOf('content/docs/api.md').replace('title: API', 'title: [API'))
  await page.waitForTimeout(2000)
  fs.writeFileSync(file('content/docs/api.md'), originalOf('content/docs/api.md'))
  await page.waitForTimeout(2000)
  await openHydrated(page, '/docs/guide')
  await page.waitForTimeout(1500)
  await expect(page.locator('vite-error-overlay')).toHaveCount(0)
  await stillUpdates(page, 'After the unseen error.')
})
