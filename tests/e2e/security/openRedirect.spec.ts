import { expect, test, type BrowserContext } from '@playwright/test'
import { execFileSync } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import path from 'node:path'
import { startStaticServer } from '../../../engine/server/staticServer.ts'
import { outDirName } from '../sites.ts'

// The i18n fixture's content under `base: '/'` (tests/fixtures/i18n-root), built and served here:
// at the root, a path minus its language prefix can start with `//`, which a browser reads as a host.
const root = path.resolve(import.meta.dirname, '../../..')
const siteDir = path.join(root, 'tests/fixtures/i18n-root')
let server: Server
let origin = ''

test.beforeAll(async () => {
  execFileSync(process.execPath, [path.join(root, 'bin/sheaf.js'), 'build', '--quiet', '--out', outDirName], { cwd: siteDir, stdio: 'inherit' })
  server = await startStaticServer({ dir: path.join(siteDir, outDirName), base: '/', port: 0 })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
})

/** A first-time visitor with an English browser; every request off 127.0.0.1 is recorded and refused. */
async function visitor(browser: import('@playwright/test').Browser, locale = 'en-US'): Promise<{ context: BrowserContext; offsite: string[] }> {
  const context = await browser.newContext({ locale })
  const offsite: string[] = []
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      offsite.push(route.request().url())
      return route.abort()
    },
  )
  return { context, offsite }
}

test('the first visit still follows the browser language (the redirect under test works)', async ({ browser }) => {
  const { context, offsite } = await visitor(browser)
  const page = await context.newPage()
  await page.goto(`${origin}/zh/guide/start`)
  await expect(page).toHaveURL(`${origin}/guide/start`)
  await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible()
  expect(offsite).toEqual([])
  await context.close()
})

// The reported path, then the same trick spelled other ways (encoded, backslashes, more slashes).
const hostile = ['/zh//evil.example/..%2fguide/start', '/zh//evil.example/', '/zh///evil.example/x', '/zh/%2F%2Fevil.example/x', '/zh/%2f%2fevil.example', '/zh/\\evil.example/x', '/zh/\\\\evil.example', '/zh/%5cevil.example', '/zh/%5C%5Cevil.example/x', '/zh/%09/evil.example']
for (const route of hostile) {
  test(`the first-visit redirect never leaves the origin for ${JSON.stringify(route)}`, async ({ browser }) => {
    for (const locale of ['en-US', 'zh-CN']) {
      const { context, offsite } = await visitor(browser, locale)
      const page = await context.newPage()
      await page.goto(`${origin}${route}`).catch(() => undefined)
      await page.waitForLoadState('load').catch(() => undefined)
      // A location.replace() to another host would have been requested by now.
      await page.waitForTimeout(300)
      expect(offsite, `requests off the origin from ${route} (${locale})`).toEqual([])
      expect(new URL(page.url()).origin).toBe(origin)
      await context.close()
    }
  })
}

test('redirect pages keep the reader on the site', async ({ browser }) => {
  const { context, offsite } = await visitor(browser)
  await context.addInitScript(() => localStorage.setItem('sheaf-visited', '1'))
  const page = await context.newPage()
  await page.goto(`${origin}/old-start`)
  await expect(page).toHaveURL(`${origin}/guide/start`)
  await page.goto(`${origin}/en/guide/start`)
  await expect(page).toHaveURL(`${origin}/guide/start`)
  expect(offsite).toEqual([])
  await context.close()
})
