import { expect, test, type Page } from '@playwright/test'
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { startDevServer } from '../startDevServer.ts'

// `sheaf dev` on a copy of tests/fixtures/data-layer: Author nodes come from content/authors.json
// (a plugin's transformer of its File node). A save of that data file is watched as markdown is:
// the open author page shows the new name in place (no reload), and only the pages whose queries
// read the changed Author are re-queried. The copy's config also sets `headers`, which the dev
// server sends as the build's `_headers` would.
test.describe.configure({ mode: 'serial' })

const root = path.resolve(import.meta.dirname, '../../..')
const offset = Number(process.env.SHEAF_E2E_PORT_OFFSET ?? 0)
const siteDir = path.join(root, `tests/fixtures/.tmp-dev-data-file-${offset}`)
const port = 5700 + offset
const url = (route: string) => `http://127.0.0.1:${port}/data-layer${route}`
const headers = `headers: [
    { for: '/*', values: { 'X-Frame-Options': 'DENY' } },
    { for: '/authors/:slug', values: { 'X-Author-Page': 'yes' } },
  ],`
let server: ChildProcess | undefined
let log = ''
let firstAnswer: Headers | undefined

test.beforeAll(async () => {
  fs.rmSync(siteDir, { recursive: true, force: true })
  const outputs = /[\\/](?:\.e2e-build-[^\\/]*|build|\.sheaf|\.sheaf-cache)$/
  const filter = (source: string) => !outputs.test(source)
  fs.cpSync(path.join(root, 'tests/fixtures/data-layer'), siteDir, { recursive: true, filter })
  const config = path.join(siteDir, 'site/config.ts')
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('plugins: [', `${headers}\n  plugins: [`))
  // The first answer comes before Vite has started (see coldStart.ts): it has the headers too.
  server = await startDevServer(siteDir, port, async () => {
    const response = await fetch(url('/authors/ada'))
    firstAnswer ??= response.ok ? response.headers : undefined
    return response.ok
  })
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
})

test.afterAll(() => {
  server?.kill()
  fs.rmSync(siteDir, { recursive: true, force: true })
})

async function openHydrated(page: Page, route: string) {
  await page.goto(url(route))
  await page.locator('html[data-sheaf-hydrated]').waitFor()
}

/** Saves a file at once (a new file, outside the content folder, renamed over it, as many editors save). */
function save(file: string, text: string) {
  const temporary = path.join(siteDir, 'save.tmp')
  fs.writeFileSync(temporary, text)
  fs.renameSync(temporary, file)
}

const dataFileTitle =
  "a save of the data file updates the open author's page in place; a page that read nothing changed asks for nothing"
test(dataFileTitle, async ({ page, context }) => {
  // The post reads every author's slug and name (allAuthor), and when they were born (its lists
  // filter and sort through the author link), not their GitHub handle.
  const post = await context.newPage()
  await openHydrated(post, '/posts/engines')
  await openHydrated(page, '/authors/grace')
  await expect(page.locator('.born')).toHaveText('Born 1906; GitHub grace-h; from authors.json')
  // The full load has replaced the cold start's outline: the save is a rebuild of its own.
  await expect.poll(() => log, { timeout: 30_000 }).toContain('background pass')
  let postRequests = 0
  post.on('request', (request) => void (request.url().includes('/_sheaf/data/') && postRequests++))
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  const authors = path.join(siteDir, 'content/authors.json')
  save(authors, fs.readFileSync(authors, 'utf8').replace('"grace-h"', '"grace-b-h"'))
  await expect(page.locator('.born')).toHaveText('Born 1906; GitHub grace-b-h; from authors.json', { timeout: 30_000 })
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  // A rebuild of that file alone, its Author nodes compared one by one (no page added or removed).
  expect(log).toMatch(/content[\\/]authors\.json changed: \d+ pages? to re-query \(\d+ ms\)/)
  // The update reached both tabs at once: the post's data was kept.
  await page.waitForTimeout(1000)
  expect(postRequests).toBe(0)
  await expect(post.locator('.byline')).toHaveText('By Ada Lovelace')
  // A name the post shows is read by it: it refetches and shows the new one in place.
  save(authors, fs.readFileSync(authors, 'utf8').replace('"Ada Lovelace"', '"Ada King"'))
  await expect(post.locator('.byline')).toHaveText('By Ada King', { timeout: 30_000 })
  expect(postRequests).toBeGreaterThan(0)
  await post.close()
})

test("the config's headers are sent on the routes they match, as the build's _headers sets them", async () => {
  expect(firstAnswer?.get('x-author-page')).toBe('yes')
  const author = await fetch(url('/authors/grace'))
  expect(author.headers.get('x-frame-options')).toBe('DENY')
  expect(author.headers.get('x-author-page')).toBe('yes')
  const home = await fetch(url('/'))
  expect(home.headers.get('x-frame-options')).toBe('DENY')
  expect(home.headers.get('x-author-page')).toBeNull()
  // Page data and Vite's modules are under `/*` too.
  const data = await fetch(url('/_sheaf/data/authors/grace.json'))
  expect(data.ok).toBe(true)
  expect(data.headers.get('x-frame-options')).toBe('DENY')
  expect(data.headers.get('x-author-page')).toBeNull()
})
