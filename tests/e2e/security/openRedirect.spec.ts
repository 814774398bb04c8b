import { expect, test, type BrowserContext } from '@playwright/test'
import { sites } from '../sites.ts'

// The i18n fixture's content under `base: '/'` (tests/fixtures/i18n-root), built and served by the
// e2e setup: at the root, a path minus its language prefix can start with `//`, which a browser
// reads as a host.
const origin = `http://127.0.0.1:${sites.i18nRoot.port}`

// Every test opens its own browser contexts: both workers can take them.
test.describe.configure({ mode: 'parallel' })

/** A first-time visitor with an English browser; every request off 127.0.0.1 is recorded and refused. */
async function visitor(
  browser: import('@playwright/test').Browser,
  locale = 'en-US',
): Promise<{ context: BrowserContext; offsite: string[] }> {
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
const hostile = [
  '/zh//evil.example/..%2fguide/start',
  '/zh//evil.example/',
  '/zh///evil.example/x',
  '/zh/%2F%2Fevil.example/x',
  '/zh/%2f%2fevil.example',
  '/zh/\\evil.example/x',
  '/zh/\\\\evil.example',
  '/zh/%5cevil.example',
  '/zh/%5C%5Cevil.example/x',
  '/zh/%09/evil.example',
]
// One reader per language visits every hostile path in one page, each visit a first visit again:
// the first-visit script keeps its memory in localStorage alone (`sheaf-visited`), which is cleared
// between visits. A fresh browser context per visit (a new renderer process each) cost more than
// the visits themselves.
for (const locale of ['en-US', 'zh-CN']) {
  test(`the first-visit redirect never leaves the origin for a hostile path (${locale} reader)`, async ({
    browser,
  }) => {
    const { context, offsite } = await visitor(browser, locale)
    const page = await context.newPage()
    for (const route of hostile) {
      await test.step(route, async () => {
        await page.goto(`${origin}${route}`).catch(() => undefined)
        await page.waitForLoadState('load').catch(() => undefined)
        // A location.replace() to another host would have been requested by now.
        await page.waitForTimeout(300)
        expect(offsite, `requests off the origin from ${route} (${locale})`).toEqual([])
        expect(new URL(page.url()).origin, `where ${route} leads (${locale})`).toBe(origin)
        // The script did run: this visit is remembered, as a first visit must be.
        expect(await page.evaluate(() => localStorage.getItem('sheaf-visited')), `first-visit script on ${route}`).toBe(
          '1',
        )
        await page.evaluate(() => localStorage.removeItem('sheaf-visited'))
      })
    }
    await context.close()
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
