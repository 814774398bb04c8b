import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import type { Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startStaticServer } from '../../../engine/server/staticServer.ts'
import { portOffset } from '../sites.ts'
import { crawlSite, hydrationNoise } from '../siteCrawl.ts'

// The Rspress fixture, migrated by `sheaf migrate rspress` and built with no content edit, served
// on a port of its own: every page is reachable, links and anchors are live (but the one dead
// anchor the fixture keeps on purpose), and each page hydrates with a quiet console.
const repo = path.resolve(import.meta.dirname, '../../..')
const base = '/widgets/'
const port = 4309 + portOffset
const origin = `http://127.0.0.1:${port}`
let work: string
let server: Server

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-migrate-e2e-'))
  const site = path.join(work, 'widgets')
  const env = { ...process.env, NODE_ENV: '' }
  execFileSync(process.execPath, [path.join(repo, 'bin/sheaf.js'), 'migrate', 'rspress', path.join(repo, 'tests/fixtures/rspress-site'), site], { env, stdio: 'pipe' })
  // Links this checkout; --ignore-scripts: npm would run the checkout's `prepare` (a full compile, about 30 s),
  // which the first `sheaf` command above has already made unnecessary (it compiles a stale checkout).
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: site, env, stdio: 'pipe' })
  execFileSync('npm', ['run', 'build', '--', '--quiet'], { cwd: site, env, stdio: 'pipe' })
  server = await startStaticServer({ dir: path.join(site, 'build'), base, port })
})

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  fs.rmSync(work, { recursive: true, force: true })
})

test('every page of every version and language answers 200 with live links and hydrates without warnings', async ({ page, request }) => {
  test.setTimeout(180_000)
  const { routes, problems } = await crawlSite(request, origin, base, [base, `${base}v1/`, `${base}zh/`, `${base}zh/v1/`])
  // The one dead anchor is the fixture's own (Rspress builds it; Sheaf warned about it at build time).
  expect(problems).toEqual([`${base}api/config -> ${base}api/config#legacy-mode`])
  for (const expected of ['guide/start', 'guide/install', 'guide/advanced/theming', 'api/config', 'v1/guide/start', 'zh/guide/start', 'zh/v1/guide/install']) {
    expect(routes).toContain(`${base}${expected}`)
  }
  expect(await hydrationNoise(page, origin, routes)).toEqual([])
})

test('the MDX page shows the theme tabs and the sidebar navigates within the version without a reload', async ({ page }) => {
  await page.goto(`${origin}${base}v1/guide/install`)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  await expect(page.getByRole('tab', { name: 'CommonJS' })).toBeVisible()
  await page.getByRole('tab', { name: 'CommonJS' }).click()
  await expect(page.getByText("const { Widget } = require('@acme/widgets')")).toBeVisible()
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Getting started' }).click()
  await expect(page).toHaveURL(`${origin}${base}v1/guide/start`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting started')
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
})
