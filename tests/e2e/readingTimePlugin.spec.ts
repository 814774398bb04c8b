import { expect, test } from '@playwright/test'
import { siteUrl } from './sites.ts'

test('the README example plugin adds a field that a template shows', async ({ page }) => {
  await page.goto(siteUrl('readingTime', '/'))
  // 301 words at 100 words per minute.
  await expect(page.getByText('3 min read')).toBeVisible()
})
