import { expect, test } from '@playwright/test'
import { siteUrl } from '../sites.ts'

// Issue 38: the sidebar was inlined into every page's data (the HTML's inline data and the data
// file), so a 2.1 MB `_meta.json` with 50 pages wrote 900 MB. It is now one shared JSON file per
// sidebar that pages refer to; readers must not notice: the HTML still holds the sidebar (no JS,
// search engines), hydration matches, and client navigation keeps it.

const route = '/docs/api/render'
const sharedRE = /^\{"\$sheafShared":"[0-9a-f]{32}"\}$/

function inlineData(html: string): { layoutData: Record<string, unknown> } {
  const json = /<script id="__SHEAF_DATA__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1]
  expect(json, 'the inline page data').toBeTruthy()
  return JSON.parse(json as string)
}

test('the sidebar is shipped once, as a shared file the page refers to, and still server-rendered', async ({
  request,
}) => {
  const html = await (await request.get(siteUrl('rntl', route))).text()
  // The server-rendered markup holds the sidebar's links.
  expect(html).toMatch(
    /<nav aria-label="[^"]+" class="sidebar__nav">[\s\S]*href="\/react-native-testing-library\/docs\/start\/quick-start"/,
  )
  const inline = inlineData(html)
  expect(JSON.stringify(inline.layoutData.sidebar)).toMatch(sharedRE)
  const fileData = (await (await request.get(siteUrl('rntl', `/_sheaf/data${route}.json`))).json()) as {
    layoutData: Record<string, unknown>
  }
  expect(fileData.layoutData.sidebar).toEqual(inline.layoutData.sidebar)
  const hash = (inline.layoutData.sidebar as Record<string, string>).$sheafShared
  const shared = await request.get(siteUrl('rntl', `/_sheaf/shared/${hash}.json`))
  expect(shared.status()).toBe(200)
  expect(JSON.stringify(await shared.json())).toContain('"link":"/docs/start/quick-start"')
  // Another page of the same version refers to the same file.
  const other = inlineData(await (await request.get(siteUrl('rntl', '/docs/start/intro'))).text())
  expect(other.layoutData.sidebar).toEqual(inline.layoutData.sidebar)
})

test('without JavaScript the sidebar is there', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(siteUrl('rntl', route))
  await expect(
    page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Quick Start' }),
  ).toBeAttached()
  await context.close()
})

test('hydration matches, and a client navigation keeps the sidebar', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto(siteUrl('rntl', route))
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  const sidebar = page.getByRole('navigation', { name: 'Pages' })
  await expect(sidebar.getByRole('link', { name: 'render', exact: true })).toHaveAttribute('aria-current', 'page')
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await sidebar.getByRole('link', { name: 'Quick Start' }).click()
  await expect(page).toHaveURL(/\/docs\/start\/quick-start$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Quick Start' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  await expect(sidebar.getByRole('link', { name: 'Quick Start' })).toHaveAttribute('aria-current', 'page')
  await expect(sidebar.getByRole('link', { name: 'render', exact: true })).toBeVisible()
  // To the other version's sidebar (another shared file) and back.
  await page.goto(siteUrl('rntl', '/12.x/docs/api/render'))
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Quick start' }).click()
  await expect(page).toHaveURL(/\/12\.x\/docs\/start\/quick-start$/)
  await expect(
    page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Quick start' }),
  ).toHaveAttribute('aria-current', 'page')
  expect(problems).toEqual([])
})
