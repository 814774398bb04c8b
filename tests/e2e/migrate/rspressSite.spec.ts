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

// The Rspress fixture, migrated by `sheaf migrate rspress` and built with no content edit, served
// on a port of its own: what the migration reports and copies, what the build prints and makes,
// every page reachable, links and anchors live (but the one dead anchor the fixture keeps on
// purpose), and each page hydrating with a quiet console. The one migration of this fixture that
// is installed and built (tests/unit/engine/migrate/migrateCommand.test.ts covers a tiny site).
const repo = path.resolve(import.meta.dirname, '../../..')
const fixture = path.join(repo, 'tests/fixtures/rspress-site')
const base = '/widgets/'
const port = 4309 + portOffset
const origin = `http://127.0.0.1:${port}`
let work: string
let site: string
let server: Server
/** What `sheaf migrate` printed, and what the site's `npm run build` printed (stdout and stderr). */
let migrateOutput = ''
let buildOutput = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-migrate-e2e-'))
  site = path.join(work, 'widgets')
  const env = { ...process.env, NODE_ENV: '' }
  migrateOutput = execFileSync(
    process.execPath,
    [path.join(repo, 'bin/sheaf.js'), 'migrate', 'rspress', fixture, site],
    { env, encoding: 'utf8', stdio: 'pipe' },
  )
  // Links this checkout; --ignore-scripts: npm would run the checkout's `prepare` (a full compile, about 30 s),
  // which the first `sheaf` command above has already made unnecessary (it compiles a stale checkout).
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: site,
    env,
    stdio: 'pipe',
  })
  const build = spawnSync('npm', ['run', 'build', '--', '--quiet'], { cwd: site, env, encoding: 'utf8' })
  buildOutput = `${build.stdout}\n${build.stderr}`
  if (build.status !== 0)
    throw new Error(`npm run build of the migrated site exited with ${build.status}:\n${buildOutput}`)
  server = await startStaticServer({ dir: path.join(site, 'build'), base, port })
})

test.afterAll(async () => {
  await closeServer(server)
  fs.rmSync(work, { recursive: true, force: true })
})

test(
  'the migration lists what it cannot translate and copies the content byte for byte; ' +
    'the site builds with no content edit',
  () => {
    // The untranslated keys are printed and written to MIGRATION.md, each with its reason.
    for (const key of ['plugins', 'builderConfig', 'logoText']) expect(migrateOutput).toContain(`  ${key}: `)
    const report = fs.readFileSync(path.join(site, 'MIGRATION.md'), 'utf8')
    expect(report).toMatch(/\| `builderConfig` \| Sheaf does not use Rsbuild/)
    // route.exclude names fragments: Sheaf's markdown.fragments, from the site root.
    expect(report).toMatch(/- `route.exclude`/)
    expect(fs.readFileSync(path.join(site, 'site/config.ts'), 'utf8')).toContain("fragments: ['docs/**/_fragments/**']")
    // Content is copied byte for byte.
    for (const file of [
      'v2/en/guide/install.mdx',
      'v1/en/_meta.json',
      'v2/zh/guide/_meta.json',
      'public/logo-light.svg',
    ]) {
      expect(fs.readFileSync(path.join(site, 'docs', file)), file).toEqual(
        fs.readFileSync(path.join(fixture, 'docs', file)),
      )
    }
    expect(fs.readFileSync(path.join(site, 'site/styles/index.css'), 'utf8')).toContain('--rp-c-brand')
    // Rspress does not check anchors: a dead one is a warning with file:line, and the site builds.
    expect(buildOutput).toContain('dead anchor: docs/v2/en/api/config.md:13:14  ./config.md#legacy-mode')

    const page = (route: string) => fs.readFileSync(path.join(site, 'build', `${route}.html`), 'utf8')
    // Every version and language: v2 (default) at the root, v1 under /v1/, zh under /zh/.
    expect(page('guide/start')).toContain('This is version v2.')
    expect(page('v1/guide/start')).toContain('This is version v1.')
    expect(page('zh/guide/start')).toContain('从这里开始。')
    expect(page('zh/v1/guide/start')).toContain('This is version v1.')
    expect(page('index')).toContain('Acme Widgets')
    // The navbar from the version-root _meta.json, the sidebar from guide/_meta.json (custom link, section header).
    expect(page('guide/start')).toContain('href="https://github.com/acme/widgets/releases"')
    // Each language keeps its own navbar (its root _meta.json), with links within the version.
    expect(page('zh/v1/guide/start')).toMatch(/href="\/widgets\/zh\/v1\/guide\/start"[^>]*>(<[^>]*>)*指南/)
    expect(page('v1/guide/start')).toMatch(/href="\/widgets\/v1\/guide\/start"[^>]*>(<[^>]*>)*Guide</)
    expect(page('v1/guide/start')).toContain('href="/widgets/v1/guide/advanced/theming"')
    // Containers keep their titles, in both Rspress forms.
    expect(page('guide/start')).toMatch(/sheaf-container__title">\s*(<[^>]*>\s*)*Good to know/)
    expect(page('guide/start')).toMatch(/sheaf-container__title">\s*(<[^>]*>\s*)*React 18/)
    // MDX components imported from @theme and rspress/theme render as the theme's.
    expect(page('guide/install')).toMatch(/npm install @acme\/widgets/)
    expect(page('guide/install')).toContain('role="tablist"')
    // Rspress's /v1/zh/ addresses redirect to Sheaf's /zh/v1/.
    expect(page('v1/zh/guide/start')).toContain('/widgets/zh/v1/guide/start')
  },
)

test('every page of every version and language answers 200 with live links and hydrates without warnings', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const { routes, problems } = await crawlSite(request, origin, base, [
    base,
    `${base}v1/`,
    `${base}zh/`,
    `${base}zh/v1/`,
  ])
  // The one dead anchor is the fixture's own (Rspress builds it; Sheaf warned about it at build time).
  expect(problems).toEqual([`${base}api/config -> ${base}api/config#legacy-mode`])
  for (const expected of [
    'guide/start',
    'guide/install',
    'guide/advanced/theming',
    'api/config',
    'v1/guide/start',
    'zh/guide/start',
    'zh/v1/guide/install',
  ]) {
    expect(routes).toContain(`${base}${expected}`)
  }
  expect(await hydrationNoise(page, origin, routes)).toEqual([])
})

test('the MDX page shows the theme tabs and the sidebar navigates within the version without a reload', async ({
  page,
}) => {
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

// Last: it edits the site (a failed build leaves the served build/ as it was).
test('a dead page link still fails the build, with its place', () => {
  fs.appendFileSync(path.join(site, 'docs/v1/en/guide/start.md'), '\nSee [the gone page](./gone.md).\n')
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: site,
    env: { ...process.env, NODE_ENV: '' },
    encoding: 'utf8',
  })
  expect(build.status).not.toBe(0)
  expect(build.stderr).toMatch(/1 dead link:\ndocs\/v1\/en\/guide\/start.md:\d+:\d+ {2}\.\/gone.md/)
})
