import { expect, test } from '@playwright/test'
import { createHash } from 'node:crypto'
import type { Server } from 'node:http'
import path from 'node:path'
import { startStaticServer } from '../../engine/server/staticServer.ts'
import { outDirName, portOffset, siteUrl } from './sites.ts'

const root = path.resolve(import.meta.dirname, '../..')
const cspPort = 4320 + portOffset
const cspUrl = (route: string) => `http://127.0.0.1:${cspPort}/react-native-testing-library${route}`
let cspServer: Server | undefined

test.afterAll(() => {
  cspServer?.close()
})

/** Inline scripts that run (not JSON data blocks) and their CSP hashes. */
function inlineScriptHashes(html: string): string[] {
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1])
  return scripts.map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`)
}

test.describe('what ships is safe', () => {
  test('the site runs under a strict Content-Security-Policy with no violation', async ({ page, request }) => {
    const html = await (await request.get(siteUrl('rntl', '/docs/api/render'))).text()
    const hashes = [...new Set(inlineScriptHashes(html))]
    expect(hashes).toHaveLength(1)
    const policy = `default-src 'self'; script-src 'self' ${hashes.join(' ')}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'`
    cspServer = await startStaticServer({ dir: path.join(root, outDirName), base: '/react-native-testing-library/', port: cspPort, headers: { 'content-security-policy': policy } })
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
    })
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) => console.error(`Refused to ${event.violatedDirective}: ${event.blockedURI}`)))
    await page.goto(cspUrl('/docs/api/render'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await page.getByRole('link', { name: 'screen', exact: true }).first().click()
    await expect(page).toHaveURL(/\/docs\/api\/screen$/)
    await page.keyboard.press('Control+k')
    await page.getByRole('dialog').getByRole('combobox').or(page.getByRole('dialog').getByRole('searchbox')).first().fill('render')
    await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible({ timeout: 10_000 })
    expect(violations).toEqual([])
  })

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
