import { expect, test } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { startDevServer } from '../startDevServer.ts'

// `sheaf dev` on a copy of tests/fixtures/site-template: the footer's static query reads the guide's
// title; a save of the guide runs the static queries again, and the open template page shows the
// new title in place (no reload).
const root = path.resolve(import.meta.dirname, '../../..')
const offset = Number(process.env.SHEAF_E2E_PORT_OFFSET ?? 0)
const siteDir = path.join(root, `tests/fixtures/.tmp-dev-statics-${offset}`)
const port = 5616 + offset
const url = (route: string) => `http://127.0.0.1:${port}/team-site${route}`
let server: ReturnType<typeof startDevServer> extends Promise<infer T> ? T : never

test.beforeAll(async () => {
  fs.rmSync(siteDir, { recursive: true, force: true })
  fs.cpSync(path.join(root, 'tests/fixtures/site-template'), siteDir, { recursive: true, filter: (source) => !/[\\/](?:\.e2e-build-[^\\/]*|build|\.sheaf|\.sheaf-cache)$/.test(source) })
  server = await startDevServer(siteDir, port, async () => (await fetch(url('/team/ada'))).ok)
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
