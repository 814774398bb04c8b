import { expect, test } from '@playwright/test'
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { copyBasicFixture } from '../../copyBasicFixture.ts'
import { startDevServer } from '../startDevServer.ts'

/**
 * A site served at the root (base `/`, as the bench corpus is): `/` is its home page. The dev
 * server redirects `/` to the base, and for this base it redirected `/` to itself, for ever.
 */
const root = path.resolve(import.meta.dirname, '../../..')
const offset = Number(process.env.SHEAF_E2E_PORT_OFFSET ?? 0)
const port = 5607 + offset
const siteDir = path.join(root, `tests/fixtures/.tmp-dev-root-base-${offset}`)
let server: ChildProcess | undefined

test.beforeAll(async () => {
  fs.rmSync(siteDir, { recursive: true, force: true })
  copyBasicFixture(siteDir)
  const config = path.join(siteDir, 'site/config.ts')
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace("base: '/fixture/'", "base: '/'"))
  server = await startDevServer(siteDir, port, async () => (await fetch(`http://127.0.0.1:${port}/docs/guide`)).ok)
})

test.afterAll(() => {
  server?.kill()
  fs.rmSync(siteDir, { recursive: true, force: true })
})

test('a site at the root answers / with its home page', async ({ page }) => {
  const response = await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' })
  expect(response.status).toBe(200)
  await page.goto(`http://127.0.0.1:${port}/`)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  await expect(page.getByRole('link', { name: 'Guide' }).first()).toBeVisible()
})
