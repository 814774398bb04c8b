import path from 'node:path'
import type { Server } from 'node:http'
import { expect, test } from '@playwright/test'
import { closeServer } from './closeServer.ts'
import { startRootNotFoundHost } from './rootNotFoundHost.ts'
import { outDirName, portOffset, sites } from './sites.ts'

// Each language's 404 on a host that serves only the root 404.html for a missing path (GitHub
// Pages does): the client shows the 404 of the language the URL names, without a reload.

const port = 4312 + portOffset
const url = (route: string) => `http://127.0.0.1:${port}${sites.i18n.base}${route.replace(/^\//, '')}`
let host: Server | undefined

test.beforeAll(async () => {
  const notFoundFile = path.resolve(import.meta.dirname, '../..', sites.i18n.dir, outDirName, '404.html')
  host = await startRootNotFoundHost({ port, upstreamPort: sites.i18n.port, notFoundFile })
})

test.afterAll(async () => {
  await closeServer(host)
})

test.describe("a language's 404 on a host that serves only the root 404.html", () => {
  test.beforeEach(async ({ context }) => {
    // The first-visit language redirect stays out of the way.
    await context.addInitScript(() => localStorage.setItem('sheaf-visited', '1'))
  })

  test('/zh/no-such-page shows the Chinese 404: texts, lang, dir, title and links into /zh/', async ({ page }) => {
    const problems: string[] = []
    page.on('console', (message) => {
      // The document's own 404 status is logged as a failed resource; nothing else may be.
      if ((message.type() === 'error' || message.type() === 'warning') && !/status of 404/.test(message.text()))
        problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    const response = await page.goto(url('/zh/no-such-page'))
    expect(response?.status()).toBe(404)
    // What the host sent is the English page.
    expect(await response?.text()).toContain('<html lang="en" dir="ltr">')
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'))

    await expect(page.getByRole('heading', { level: 1, name: '页面未找到' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh')
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
    await expect(page).toHaveTitle('页面未找到 | Sheaf i18n')
    await expect(page.getByText('跳到正文')).toBeAttached()
    expect(await page.locator('title').count()).toBe(1)

    await page.getByRole('link', { name: '返回首页' }).click()
    await expect(page).toHaveURL(url('/zh/'))
    await expect(page.getByRole('heading', { level: 1, name: 'Sheaf 国际化' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh')
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document')
    expect(problems).toEqual([])
  })
})
