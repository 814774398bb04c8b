import { execFileSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startStaticServer } from '../../engine/server/staticServer.ts'
import { closeServer } from './closeServer.ts'
import { startDevServer } from './startDevServer.ts'

// Issue 38: a file named `x y%20z#h?q.md` built, but its sidebar link and sitemap URL led to 404
// (the route was decoded a second time, and links were not encoded). Any name that builds must
// have routes that resolve, in the built site (served as `sheaf preview` serves it) and in dev.
// And a path whose escapes do not decode gets 400 from the dev server (it answered 500).
const repo = path.resolve(import.meta.dirname, '../..')
const oddName = 'x y%20z#h?q'
let work: string
let site: string
let server: Server
let origin: string
let dev: ChildProcess | undefined

test.describe.configure({ mode: 'serial' })

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

test.beforeAll(async () => {
  test.setTimeout(240_000)
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-odd-names-'))
  site = path.join(work, 'docs')
  const env = { ...process.env, NODE_ENV: '' }
  execFileSync(process.execPath, [path.join(repo, 'bin/sheaf.js'), 'init', site], { env, stdio: 'pipe' })
  // The site resolves `sheaf` to this checkout, as `npm install` of its file: dependency would.
  fs.mkdirSync(path.join(site, 'node_modules'))
  fs.symlinkSync(repo, path.join(site, 'node_modules/sheaf'), 'dir')
  const guide = path.join(site, 'content/1.0/guide')
  fs.writeFileSync(
    path.join(guide, `${oddName}.md`),
    '---\ntitle: Odd name\n---\n\n# Odd name\n\nA page with an unusual file name.\n',
  )
  const meta = JSON.parse(fs.readFileSync(path.join(guide, '_meta.json'), 'utf8')) as string[]
  fs.writeFileSync(path.join(guide, '_meta.json'), JSON.stringify([...meta, oddName]))
  const config = path.join(site, 'site/config.ts')
  fs.writeFileSync(
    config,
    fs
      .readFileSync(config, 'utf8')
      .replace(
        "import { versions } from 'sheaf/plugins/versions'",
        "import { versions } from 'sheaf/plugins/versions'\nimport { sitemap } from 'sheaf/plugins/sitemap'",
      )
      .replace('    search(),\n', '    search(),\n    sitemap(),\n')
      .replace("  base: '/',", "  base: '/',\n  url: 'https://docs.example.org',"),
  )
  execFileSync(process.execPath, [path.join(repo, 'bin/sheaf.js'), 'build', '--quiet'], {
    cwd: site,
    env,
    stdio: 'pipe',
  })
  server = await startStaticServer({ dir: path.join(site, 'build'), base: '/', port: 0 })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  dev?.kill()
  await closeServer(server)
  fs.rmSync(work, { recursive: true, force: true })
})

test('the sidebar link of an oddly named page leads to it, by client navigation and by a full load', async ({
  page,
}) => {
  await page.goto(`${origin}/guide/introduction`)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  const link = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Odd name' })
  const href = await link.getAttribute('href')
  expect(href).toBe('/guide/x%20y%2520z%23h%3Fq')
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Odd name' })).toBeVisible()
  expect(new URL(page.url()).pathname).toBe(href)
  await expect(
    page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Odd name' }),
  ).toHaveAttribute('aria-current', 'page')
  const response = await page.goto(`${origin}${href}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Odd name' })).toBeVisible()
})

test('its sitemap URL answers 200 with the page', async ({ request }) => {
  const sitemap = fs.readFileSync(path.join(site, 'build/sitemap.xml'), 'utf8')
  const loc = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)]
    .map((match) => match[1])
    .find((url) => url.includes('x%20y'))
  expect(loc).toBe('https://docs.example.org/guide/x%20y%2520z%23h%3Fq')
  const response = await request.get(`${origin}${new URL(loc as string).pathname}`)
  expect(response.status()).toBe(200)
  expect(await response.text()).toContain('Odd name')
})

test('the dev server serves it at the same URL, and answers 400 to a path that does not decode', async ({
  request,
}) => {
  test.setTimeout(120_000)
  const port = await freePort()
  const devOrigin = `http://127.0.0.1:${port}`
  dev = await startDevServer(
    site,
    port,
    async () => (await request.get(`${devOrigin}/guide/introduction`)).status() === 200,
  )
  const odd = await request.get(`${devOrigin}/guide/x%20y%2520z%23h%3Fq`)
  expect(odd.status()).toBe(200)
  expect(await odd.text()).toContain('Odd name')
  for (const bad of ['/%E0%A4%A', '/guide/%E0%A4%A', '/_sheaf/data/%E0%A4%A.json'])
    expect((await request.get(`${devOrigin}${bad}`)).status(), bad).toBe(400)
})
