import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import type { Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { startStaticServer } from '../../../engine/server/staticServer.ts'
import { portOffset } from '../sites.ts'
import { crawlSite, hydrationNoise } from '../siteCrawl.ts'
import { closeServer } from '../closeServer.ts'

// The Rspress fragments fixture (MDX files imported as components, through tsconfig aliases and
// relative paths, kept from being pages by route.exclude), migrated by `sheaf migrate rspress`,
// built with no content edit, served and crawled: fragments render inline with their headings in
// the outline, anchors into them resolve, fragments are no pages, every page hydrates quietly.
// Then `--keep-going`: a broken page is listed with its place while the rest is written.
const repo = path.resolve(import.meta.dirname, '../../..')
const fixture = path.join(repo, 'tests/fixtures/rspress-fragments')
const base = '/frag/'
const port = 4314 + portOffset
const origin = `http://127.0.0.1:${port}`
const env = { ...process.env, NODE_ENV: '' }
let work: string
let site: string
let server: Server
let migrateOutput = ''
/** Migrate, install and build, in milliseconds (reported by the lead's closing note). */
let elapsed = 0

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-migrate-fragments-'))
  site = path.join(work, 'frag')
  const started = performance.now()
  migrateOutput = execFileSync(
    process.execPath,
    [path.join(repo, 'bin/sheaf.js'), 'migrate', 'rspress', fixture, site],
    { env, encoding: 'utf8', stdio: 'pipe' },
  )
  // --ignore-scripts: see rspressSite.spec.ts (the checkout is already compiled).
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: site,
    env,
    stdio: 'pipe',
  })
  const build = spawnSync('npm', ['run', 'build', '--', '--quiet'], { cwd: site, env, encoding: 'utf8' })
  elapsed = performance.now() - started
  if (build.status !== 0)
    throw new Error(`npm run build of the migrated site exited with ${build.status}:\n${build.stdout}\n${build.stderr}`)
  server = await startStaticServer({ dir: path.join(site, 'build'), base, port })
})

test.afterAll(async () => {
  await closeServer(server)
  fs.rmSync(work, { recursive: true, force: true })
})

test('route.exclude and the tsconfig aliases are translated; the build check finds nothing to change', () => {
  const config = fs.readFileSync(path.join(site, 'site/config.ts'), 'utf8')
  expect(config).toContain("fragments: ['docs/1.0/**/shared/**', 'docs/1.0/**/_*.mdx']")
  expect(config).toMatch(/importAliases: \{ "@en": 'docs\/1\.0\/en', "@zh": 'docs\/1\.0\/zh' \}/)
  expect(migrateOutput).not.toContain('Content Sheaf will not build')
  expect(fs.readFileSync(path.join(site, 'MIGRATION.md'), 'utf8')).not.toContain('## Content to change')
  for (const file of ['en/guide/install.mdx', 'en/shared/requirements.mdx', 'zh/guide/install.mdx']) {
    expect(fs.readFileSync(path.join(site, 'docs/1.0', file)), file).toEqual(
      fs.readFileSync(path.join(fixture, 'docs', file)),
    )
  }
  console.log(`rspress-fragments: migrated, installed and built in ${Math.round(elapsed)} ms`)
})

test('fragments render inline where they are imported, nested ones too, and make no page', () => {
  const page = (route: string) => fs.readFileSync(path.join(site, 'build', `${route}.html`), 'utf8')
  const install = page('guide/install')
  expect(install).toMatch(/<h2[^>]*id="requirements"/)
  expect(install).toContain('You need Node.js and a package manager.')
  expect(install).toMatch(/Node\.js 18, 20 and <strong>22<\/strong>/)
  expect(install).toMatch(/sheaf-container__title">\s*(<[^>]*>\s*)*Good to know/)
  expect(page('guide/config')).toMatch(/<h2[^>]*id="options"/)
  expect(page('zh/guide/install')).toContain('需要 Node.js。')
  for (const fragment of ['shared/requirements', 'shared/versions', 'guide/_tip', 'zh/shared/requirements']) {
    expect(fs.existsSync(path.join(site, 'build', `${fragment}.html`)), fragment).toBe(false)
  }
})

test('every page answers 200, links and anchors into fragments are live, and each page hydrates quietly', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const { routes, problems } = await crawlSite(request, origin, base, [base, `${base}zh/`])
  expect(problems).toEqual([])
  for (const expected of ['guide/install', 'guide/config', 'zh/guide/install'])
    expect(routes).toContain(`${base}${expected}`)
  expect(await hydrationNoise(page, origin, routes)).toEqual([])
  // The fragment's headings are in the page's outline.
  await page.goto(`${origin}${base}guide/install`)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  const outline = page.getByRole('navigation', { name: /on this page/i })
  await expect(outline.getByRole('link', { name: 'Requirements' })).toBeVisible()
  await expect(outline.getByRole('link', { name: 'Supported versions' })).toBeVisible()
})

// Last: it edits the site.
test('--keep-going writes every other page, lists the broken file with its place and exits 1', () => {
  fs.appendFileSync(path.join(site, 'docs/1.0/en/guide/config.mdx'), '\n<Carousel />\n')
  const build = spawnSync('npm', ['run', 'build', '--', '--quiet', '--keep-going'], {
    cwd: site,
    env,
    encoding: 'utf8',
  })
  expect(build.status).not.toBe(0)
  expect(build.stderr).toMatch(/docs\/1\.0\/en\/guide\/config\.mdx:\d+:1\n {2}Unknown component `<Carousel>`/)
  // The other pages are written; the broken one is left out.
  expect(fs.existsSync(path.join(site, 'build/guide/install.html'))).toBe(true)
  expect(fs.existsSync(path.join(site, 'build/guide/config.html'))).toBe(false)
})
