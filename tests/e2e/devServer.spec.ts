import { expect, test } from '@playwright/test'
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { copyBasicFixture } from '../copyBasicFixture.ts'
import { startDevServer } from './startDevServer.ts'

const root = path.resolve(import.meta.dirname, '../..')
// A copy inside the project, so its config still resolves `sheaf` and the edits touch no real fixture.
const siteDir = path.join(root, `tests/fixtures/.tmp-dev-${process.env.SHEAF_E2E_PORT_OFFSET ?? 0}`)
const port = 5310 + Number(process.env.SHEAF_E2E_PORT_OFFSET ?? 0)
const url = (route: string) => `http://127.0.0.1:${port}/fixture${route}`
let server: ChildProcess

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  fs.rmSync(siteDir, { recursive: true, force: true })
  copyBasicFixture(siteDir)
  // With search: its index is a file the dev server emits after serving the first page.
  const configFile = path.join(siteDir, 'site/config.ts')
  const config = fs.readFileSync(configFile, 'utf8')
  // And a head link: an asset URL that carries the base, as a built page's do (not `rel: icon`,
  // which the fixture's layout already sets and would replace).
  const withSearch = config.replace(
    "plugins: [files({ dir: 'content' })]",
    "plugins: [files({ dir: 'content' }), search()],\n" +
      "  head: [{ tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/fixture/icon.svg' } }]",
  )
  fs.writeFileSync(configFile, `import { search } from 'sheaf/plugins/search'\n${withSearch}`)
  server = await startDevServer(siteDir, port, async () => (await fetch(url('/docs/guide'))).ok)
})

test.afterAll(() => {
  server?.kill()
  fs.rmSync(siteDir, { recursive: true, force: true })
})

const guide = () => path.join(siteDir, 'content/docs/guide.md')

/** Opens a page and waits until React has hydrated it (clicks before that do nothing). */
async function openHydrated(page: import('@playwright/test').Page, route: string) {
  await page.goto(url(route))
  await page.locator('html[data-sheaf-hydrated]').waitFor()
}

test('a markdown edit updates the open page in place, keeping component state', async ({ page }) => {
  await openHydrated(page, '/docs/guide')
  await page.getByRole('button', { name: 'Clicked 0' }).click()
  await expect(page.getByRole('button', { name: 'Clicked 1' })).toBeVisible()
  const original = fs.readFileSync(guide(), 'utf8')
  fs.writeFileSync(guide(), original.replace('Tests should resemble', 'Edited: tests should resemble'))
  await expect(page.getByText('Edited: tests should resemble')).toBeVisible()
  // No reload: the component kept its state.
  await expect(page.getByRole('button', { name: 'Clicked 1' })).toBeVisible()
  fs.writeFileSync(guide(), original)
  await expect(page.getByText('Edited: tests should resemble')).toHaveCount(0)
})

test('a content error shows an overlay with file:line and clears when fixed', async ({ page }) => {
  await openHydrated(page, '/docs/guide')
  await page.getByRole('button', { name: 'Clicked 0' }).click()
  await expect(page.getByRole('button', { name: 'Clicked 1' })).toBeVisible()
  const original = fs.readFileSync(guide(), 'utf8')
  fs.writeFileSync(guide(), original.replace('title: Guide', 'title: [Guide'))
  const overlay = page.locator('vite-error-overlay')
  await expect(overlay).toHaveCount(1)
  await expect(overlay.locator('.file')).toContainText('content/docs/guide.md:2')
  fs.writeFileSync(guide(), original)
  await expect(overlay).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Guide' })).toBeVisible()
})

test('adding a page updates routes and navigation without a restart', async ({ page }) => {
  await openHydrated(page, '/docs/guide')
  await page.getByRole('button', { name: 'Clicked 0' }).click()
  await expect(page.getByRole('button', { name: 'Clicked 1' })).toBeVisible()
  fs.writeFileSync(
    path.join(siteDir, 'content/docs/new-page.md'),
    '---\ntitle: Brand new\n---\n\n# Brand new\n\nFresh content.\n',
  )
  await page.getByRole('link', { name: 'Brand new' }).click()
  await expect(page.getByText('Fresh content.')).toBeVisible()
})

test('serves the GraphQL explorer over the live schema', async ({ page, request }) => {
  const response = await request.post(url('/___graphql'), {
    data: { query: '{ page(path: "/docs/guide") { title } }' },
  })
  expect(await response.json()).toEqual({ data: { page: { title: 'Guide' } } })
  await page.goto(url('/___graphql'))
  await expect(page.getByText('GraphiQL')).toBeVisible({ timeout: 30_000 })
})

test('serves the search index, and a saved edit is in the next one', async ({ request }) => {
  const answer = await request.post(url('/___graphql'), { data: { query: '{ searchIndex(path: "/docs/guide") }' } })
  const indexUrl = ((await answer.json()) as { data: { searchIndex: string } }).data.searchIndex
  expect(indexUrl).toMatch(/^\/fixture\/.+\.json$/)
  const index = await request.get(`http://127.0.0.1:${port}${indexUrl}`)
  expect(index.status()).toBe(200)
  expect(await index.text()).toContain('Tests should resemble')
  expect(await index.text()).not.toContain('zanzibar')

  const original = fs.readFileSync(guide(), 'utf8')
  try {
    fs.writeFileSync(guide(), `${original}\nA zanzibar sentence.\n`)
    await expect
      .poll(async () => (await request.get(`http://127.0.0.1:${port}${indexUrl}`)).text(), { timeout: 15_000 })
      .toContain('zanzibar')
  } finally {
    fs.writeFileSync(guide(), original)
  }
})

test('a page keeps its asset URLs under the base once, and hydrates without a warning', async ({ page, request }) => {
  const html = await (await request.get(url('/docs/guide'))).text()
  expect(html).toContain('href="/fixture/icon.svg"')
  expect(html).not.toContain('/fixture/fixture/')
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
  })
  await openHydrated(page, '/docs/guide')
  await expect(page.getByRole('heading', { level: 1, name: 'Guide' })).toBeVisible()
  expect(problems.filter((text) => !text.includes('icon.svg') && !/404/.test(text))).toEqual([])
})
