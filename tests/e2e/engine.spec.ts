import { expect, test } from '@playwright/test'
import { siteUrl } from './sites.ts'

test.describe('engine on the basic fixture', () => {
  test('the HTML holds the content with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(siteUrl('basic', '/docs/guide'))
    await expect(page.getByRole('heading', { level: 1, name: 'Guide' })).toBeVisible()
    await expect(page.getByText('Tests should resemble the way users use the app.')).toBeVisible()
    await expect(page).toHaveTitle('Guide | Fixture Docs')
    await context.close()
  })

  test('hydrates without console errors and becomes interactive', async ({ page }) => {
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    await page.goto(siteUrl('basic', '/docs/guide'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await page.getByRole('button', { name: 'Clicked 0' }).click()
    await expect(page.getByRole('button', { name: 'Clicked 1' })).toBeVisible()
    expect(problems).toEqual([])
  })

  test('an internal link changes page without a document reload', async ({ page }) => {
    await page.goto(siteUrl('basic', '/docs/guide'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await page.getByRole('button', { name: 'Clicked 0' }).click()
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'))
    await page.getByRole('link', { name: 'the API options' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'API' })).toBeVisible()
    await expect(page).toHaveURL(/\/fixture\/docs\/api#options$/)
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here')
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'Guide' })).toBeVisible()
  })

  test('an unknown path shows the 404 page', async ({ page }) => {
    const response = await page.goto(siteUrl('basic', '/no/such/page'))
    expect(response?.status()).toBe(404)
    await expect(page.getByText('PAGE NOT FOUND')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/fixture/')
  })

  test('/x.html and /x serve the same page', async ({ page }) => {
    for (const route of ['/docs/api', '/docs/api.html']) {
      const response = await page.goto(siteUrl('basic', route))
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1, name: 'API' })).toBeVisible()
    }
  })

  test('client navigation to an unknown route shows the 404 template', async ({ page }) => {
    await page.goto(siteUrl('basic', '/docs/guide'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await page.getByRole('button', { name: 'Clicked 0' }).click()
    await page.evaluate(() => {
      const link = document.createElement('a')
      link.href = '/fixture/docs/missing'
      link.textContent = 'missing page'
      document.querySelector('main')?.append(link)
    })
    await page.getByRole('link', { name: 'missing page' }).click()
    await expect(page.getByText('PAGE NOT FOUND')).toBeVisible()
  })

  test('code is highlighted at build time with light and dark colours', async ({ page }) => {
    await page.goto(siteUrl('basic', '/docs/api'))
    const style = await page.locator('pre.shiki span[style]').first().getAttribute('style')
    expect(style).toContain('--shiki-light')
    expect(style).toContain('--shiki-dark')
    await expect(page.locator('.line.highlighted')).toHaveCount(1)
  })
})
