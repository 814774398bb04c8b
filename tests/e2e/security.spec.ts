import { expect, test } from '@playwright/test'
import { siteUrl } from './sites.ts'

// The site under the Content-Security-Policy it ships (every page, search, navigation): tests/e2e/security/csp.spec.ts.
// Elsewhere the browser bypasses the policy (playwright.config.ts), so these tests check the escaping itself.
test.describe('what ships is safe', () => {
  test('external links in content open safely', async ({ page }) => {
    await page.goto(siteUrl('rntl', '/docs/start/quick-start'))
    const external = page.locator('main article a[href^="http"]')
    expect(await external.count()).toBeGreaterThan(0)
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('rel', /noopener/)
      await expect(link).toHaveAttribute('rel', /noreferrer/)
    }
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0)
  })

  test('our HTML carries no inline event handlers', async ({ request }) => {
    for (const route of ['/', '/docs/api/render', '/12.x/cookbook/', '/404']) {
      const html = await (await request.get(siteUrl('rntl', route))).text()
      expect(html, route).not.toMatch(/\son[a-z]+\s*=\s*["']/i)
    }
  })

  test('hostile query parameters never reach the DOM unescaped', async ({ page }) => {
    let alerted = false
    page.on('dialog', async (dialog) => {
      alerted = true
      await dialog.dismiss()
    })
    const hostile = encodeURIComponent('<img src=x onerror=alert(1)>')
    await page.goto(siteUrl('rntl', `/docs/api/render?navbar=${hostile}&sidebar=0&q=${hostile}#${hostile}`))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await page.waitForTimeout(300)
    expect(alerted).toBe(false)
    expect(await page.locator('img[src="x"]').count()).toBe(0)
  })
})

test.describe('failure paths (SPEC §8)', () => {
  test('a blocked analytics script logs one warning and breaks nothing', async ({ page }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().includes('analytics')) warnings.push(message.text())
    })
    await page.route('**/_vercel/insights/script.js', (route) => route.abort())
    // On a loopback host the loader stays quiet; a real host name makes it load the script.
    await page.goto(siteUrl('rntl', '/docs/api/render').replace('127.0.0.1', 'docs.sheaf.test'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await expect.poll(() => warnings.length).toBe(1)
    await page.getByRole('link', { name: 'screen', exact: true }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'screen' })).toBeVisible()
  })

  test('on a loopback host (a local preview) the analytics script is not requested at all', async ({ page }) => {
    const requested: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/_vercel/insights/')) requested.push(request.url())
    })
    await page.goto(siteUrl('rntl', '/docs/api/render'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await expect(page.locator('meta[name="sheaf:analytics"]')).toHaveCount(1)
    await page.waitForLoadState('networkidle')
    expect(requested).toEqual([])
  })

  test('a failed page-data fetch falls back to a full load of the target, never a blank page', async ({ page }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(siteUrl('rntl', '/docs/api/render'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await page.route('**/_sheaf/data/**', (route) => route.abort())
    await page.getByRole('link', { name: 'screen', exact: true }).first().click()
    await expect(page).toHaveURL(/\/docs\/api\/screen$/)
    await expect(page.getByRole('heading', { level: 1, name: 'screen' })).toBeVisible()
    expect(errors.some((text) => text.includes('Loading page data failed'))).toBe(true)
  })

  test('a redeploy (new client bundle) makes navigation a full page load', async ({ page }) => {
    await page.goto(siteUrl('rntl', '/docs/api/render'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'old tab'))
    await page.route('**/_sheaf/data/docs/api/screen.json', async (route) => {
      const response = await route.fetch()
      const data = await response.json()
      await route.fulfill({ response, json: { ...data, bundle: 'a-newer-deploy' } })
    })
    await page.getByRole('link', { name: 'screen', exact: true }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'screen' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined()
  })
})
