import { expect, test } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { startDevServer } from '../startDevServer.ts'

// `sheaf dev` on a copy of tests/fixtures/site-template: the footer's static query reads the guide's
// title (and, in the copy, its text); a save of the guide runs the static queries again, and the
// open template page shows the new title in place (no reload). A body-only save (the quick path,
// see bodyEdit.ts) runs them again too when they read the body.
const root = path.resolve(import.meta.dirname, '../../..')
const offset = Number(process.env.SHEAF_E2E_PORT_OFFSET ?? 0)
const siteDir = path.join(root, `tests/fixtures/.tmp-dev-statics-${offset}`)
const port = 5616 + offset
const url = (route: string) => `http://127.0.0.1:${port}/team-site${route}`
let server: ReturnType<typeof startDevServer> extends Promise<infer T> ? T : never
let log = ''

test.beforeAll(async () => {
  fs.rmSync(siteDir, { recursive: true, force: true })
  fs.cpSync(path.join(root, 'tests/fixtures/site-template'), siteDir, {
    recursive: true,
    filter: (source) => !/[\\/](?:\.e2e-build-[^\\/]*|build|\.sheaf|\.sheaf-cache)$/.test(source),
  })
  // The footer shows the guide's text as well (a body field the quick path changes).
  const footer = path.join(siteDir, 'site/templates/TeamFooter.tsx')
  const withText = fs
    .readFileSync(footer, 'utf8')
    .replace('start: page(path: "/guide/start") { title }', 'start: page(path: "/guide/start") { title text }')
    .replace(
      '<p>Guide: {data.start?.title}</p>',
      '<p>Guide: {data.start?.title}</p>\n      <p>Guide text: {(data.start as { text?: string } | null)?.text}</p>',
    )
  fs.writeFileSync(footer, withText)
  server = await startDevServer(siteDir, port, async () => (await fetch(url('/team/ada'))).ok)
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
})

test.afterAll(() => {
  server?.kill()
  fs.rmSync(siteDir, { recursive: true, force: true })
})

test("a save the static query reads updates the open page's footer in place", async ({ page }) => {
  await page.goto(url('/team/ada'))
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  const footer = page.getByRole('region', { name: 'Team footer' })
  await expect(footer).toContainText('Guide: Start')
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  const guide = path.join(siteDir, 'content/1.0/guide/start.md')
  const temporary = `${guide}.tmp`
  fs.writeFileSync(temporary, fs.readFileSync(guide, 'utf8').replace('title: Start', 'title: Begin here'))
  fs.renameSync(temporary, guide)
  await expect(footer).toContainText('Guide: Begin here', { timeout: 30_000 })
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
})

test('a body-only save the static query reads runs it again on the quick path, and the footer updates in place', async ({
  page,
}) => {
  await page.goto(url('/team/ada'))
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  const footer = page.getByRole('region', { name: 'Team footer' })
  await expect(footer).toContainText("The team's pages come from")
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  const guide = path.join(siteDir, 'content/1.0/guide/start.md')
  // Written outside the content folder: a temporary file beside the guide is a second changed
  // file, whose rebuild is a full one (the quick path takes one file).
  const temporary = path.join(siteDir, 'start.md.tmp')
  fs.writeFileSync(
    temporary,
    fs.readFileSync(guide, 'utf8').replace("The team's pages come from", "The team's pages are made by"),
  )
  fs.renameSync(temporary, guide)
  await expect(footer).toContainText("The team's pages are made by", { timeout: 30_000 })
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  // The quick path ran them, not only the full rebuild that follows it.
  expect(log).toMatch(/start\.md changed: \d+ pages? to re-query, static queries run again: every page \(body only/)
})
