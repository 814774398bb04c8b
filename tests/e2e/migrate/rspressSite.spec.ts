import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import type { Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startStaticServer } from '../../../engine/server/staticServer.ts'
import { portOffset } from '../sites.ts'

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
  const starts = [base, `${base}v1/`, `${base}zh/`, `${base}zh/v1/`]
  const pages = new Map<string, string>()
  const anchors: { from: string; path: string; id: string }[] = []
  const problems: string[] = []
  const queue = [...starts]
  while (queue.length > 0) {
    const route = queue.shift() as string
    if (pages.has(route)) continue
    const response = await request.get(`${origin}${route}`)
    pages.set(route, response.status() === 200 ? await response.text() : '')
    if (response.status() !== 200) {
      problems.push(`${route} answered ${response.status()}`)
      continue
    }
    for (const [, raw] of (pages.get(route) as string).matchAll(/\s(?:href|src)="([^"]+)"/g)) {
      const url = new URL(raw.replace(/&amp;/g, '&'), origin)
      if (url.origin !== origin || !url.pathname.startsWith(base)) continue
      if (/\.(js|css|svg|png|json|txt|xml|md|ico|woff2?)$/.test(url.pathname)) {
        const status = (await request.get(`${origin}${url.pathname}`)).status()
        if (status !== 200) problems.push(`asset ${url.pathname} answered ${status}`)
        continue
      }
      if (url.hash) anchors.push({ from: route, path: url.pathname, id: decodeURIComponent(url.hash.slice(1)) })
      if (!pages.has(url.pathname)) queue.push(url.pathname)
    }
  }
  for (const anchor of anchors) {
    const html = pages.get(anchor.path) ?? ''
    if (!html.includes(`id="${anchor.id}"`)) problems.push(`${anchor.from} -> ${anchor.path}#${anchor.id}`)
  }
  // The one dead anchor is the fixture's own (Rspress builds it; Sheaf warned about it at build time).
  expect(problems).toEqual([`${base}api/config -> ${base}api/config#legacy-mode`])
  const routes = [...pages.keys()]
  for (const expected of ['guide/start', 'guide/install', 'guide/advanced/theming', 'api/config', 'v1/guide/start', 'zh/guide/start', 'zh/v1/guide/install']) {
    expect(routes).toContain(`${base}${expected}`)
  }

  const noise: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => noise.push(`${page.url()}: ${error.message}`))
  for (const route of routes) {
    await page.goto(`${origin}${route}`)
    await page.locator('html[data-sheaf-hydrated]').waitFor()
  }
  expect(noise).toEqual([])
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
