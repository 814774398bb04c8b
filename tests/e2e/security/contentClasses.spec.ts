import { expect, test } from '@playwright/test'
import { siteUrl } from '../sites.ts'

// Issue 38, item 4. tests/fixtures/search-xss/content/1.0/docs/overlay.md writes raw HTML with
// the theme's classes (`mobile-nav__screen` is a fixed full-screen panel): before, it drew a fake
// "session expired" panel over the page. Its classes now carry the `user-content-` prefix.
test("raw HTML with the theme's classes stays in the flow of the page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(siteUrl('searchXss', '/docs/overlay'))
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  const block = page.getByText('Your session expired').locator('..')
  await expect(block).toHaveClass('user-content-mobile-nav__screen user-content-search-modal__backdrop')
  expect(await block.evaluate((element) => getComputedStyle(element).position)).toBe('static')
  // The page's own heading is what a reader sees and hits at the top of the article.
  const heading = page.getByRole('heading', { level: 1, name: 'Overlay page' })
  const box = (await heading.boundingBox())!
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('h1')?.textContent ?? null, [
    box.x + box.width / 2,
    box.y + box.height / 2,
  ] as const)
  expect(hit).toBe('Overlay page')
  await expect(page.getByText('A paragraph after the block')).toBeInViewport()
})
