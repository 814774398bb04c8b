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

// tests/fixtures/rspress-builtins (an Rspress 1.x site written from Rspress's documentation: the
// default theme's built-in components, MDX as Rspress compiles it, its link forms and i18n),
// migrated by `sheaf migrate rspress`, built with no content edit and served: every page built,
// links and anchors live, each page hydrating with a quiet console, and the components working
// in a real browser.
const repo = path.resolve(import.meta.dirname, '../../..')
const fixture = path.join(repo, 'tests/fixtures/rspress-builtins')
const base = '/gadgets/'
const port = 4318 + portOffset
const origin = `http://127.0.0.1:${port}`
let work: string
let site: string
let server: Server
let migrateOutput = ''
let buildOutput = ''
/** Wall time of the migration and of the build (reported by the test, never asserted). */
const timings: Record<string, number> = {}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-migrate-builtins-'))
  site = path.join(work, 'gadgets')
  const env = { ...process.env, NODE_ENV: '' }
  let started = Date.now()
  migrateOutput = execFileSync(
    process.execPath,
    [path.join(repo, 'bin/sheaf.js'), 'migrate', 'rspress', fixture, site],
    { env, encoding: 'utf8', stdio: 'pipe' },
  )
  timings.migrate = Date.now() - started
  // Links this checkout (see rspressSite.spec.ts for --ignore-scripts).
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: site,
    env,
    stdio: 'pipe',
  })
  started = Date.now()
  const build = spawnSync('npm', ['run', 'build'], { cwd: site, env, encoding: 'utf8' })
  timings.build = Date.now() - started
  buildOutput = `${build.stdout}\n${build.stderr}`
  if (build.status !== 0)
    throw new Error(`npm run build of the migrated site exited with ${build.status}:\n${buildOutput}`)
  server = await startStaticServer({ dir: path.join(site, 'build'), base, port })
})

test.afterAll(async () => {
  await closeServer(server)
  fs.rmSync(work, { recursive: true, force: true })
})

test('the migrated site builds every page with no content edit; what was dropped is one located warning', () => {
  test
    .info()
    .annotations.push({ type: 'timing', description: `migrate ${timings.migrate} ms, build ${timings.build} ms` })
  // No content to change, nothing untranslated but the computed key, named on one line.
  const report = fs.readFileSync(path.join(site, 'MIGRATION.md'), 'utf8')
  expect(report).not.toContain('## Content to change')
  expect(report).toContain('| `themeConfig[searchKey]` |')
  expect(migrateOutput).not.toMatch(/locales\[1\]\.(title|description)/)
  for (const file of [
    '1.0/en/guide/builtins.mdx',
    '1.0/en/guide/mdx.mdx',
    '1.0/zh/guide/_meta.json',
    'public/diagram.png',
  ]) {
    expect(fs.readFileSync(path.join(site, 'docs', file)), file).toEqual(
      fs.readFileSync(path.join(fixture, 'docs', file.replace(/^1\.0\//, ''))),
    )
  }
  expect(buildOutput).toMatch(/built 13 pages/)
  expect(buildOutput).toContain('docs/1.0/en/guide/mdx.mdx:16:1\n  The event handler `onClick` of `<span>` was dropped')
  const html = (route: string) => fs.readFileSync(path.join(site, 'build', `${route}.html`), 'utf8')
  // The image imported as a value is served from the public folder under the base.
  expect(html('guide/mdx')).toMatch(/<img src="\/gadgets\/diagram.png" alt="A diagram"/)
  expect(html('guide/mdx')).not.toMatch(/onclick|alert\(/i)
  // Each language's own title; _meta.json labels looked up in i18n.json.
  // react-helmet-async marks the tags it manages (`data-rh`).
  expect(html('zh/guide/start')).toMatch(/<title[^>]*>快速开始 \| 小工具<\/title>/)
  expect(html('guide/start')).toMatch(/<title[^>]*>Getting started \| Gadgets<\/title>/)
  expect(html('zh/guide/start')).toMatch(/>内置组件</)
  expect(html('guide/start')).not.toContain('gettingStarted')
})

test('every page answers 200 with live links and anchors and hydrates with a quiet console', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const { routes, problems } = await crawlSite(request, origin, base, [
    base,
    `${base}zh/`,
    `${base}welcome`,
    `${base}guide/overview`,
  ])
  expect(problems).toEqual([])
  for (const expected of [
    'guide/start',
    'guide/builtins',
    'guide/mdx',
    'guide/overview',
    'zh/guide/start',
    'zh/guide/builtins',
    'zh/guide/mdx',
  ]) {
    expect(routes).toContain(`${base}${expected}`)
  }
  expect(await hydrationNoise(page, origin, routes)).toEqual([])
})

test("Rspress's link forms land on their pages, and a heading named like the theme's ids keeps its id", async ({
  page,
}) => {
  await page.goto(`${origin}${base}guide/start`)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  const article = page.locator('article .prose')
  await expect(article.getByRole('link', { name: 'built-in components' })).toHaveAttribute(
    'href',
    `${base}guide/builtins`,
  )
  await expect(article.getByRole('link', { name: 'MDX', exact: true })).toHaveAttribute('href', `${base}guide/mdx`)
  await expect(article.getByRole('link', { name: 'the same page' })).toHaveAttribute(
    'href',
    `${base}guide/mdx#escaped-ids`,
  )
  await expect(page.getByRole('heading', { name: 'sidebar', exact: true })).toHaveAttribute('id', 'sidebar')
  await expect(page.getByRole('heading', { name: 'Content', exact: true })).toHaveAttribute('id', 'content')
  await page.getByRole('link', { name: 'Skip to content' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
})

test('the built-in components work in the browser: tabs by keyboard, cards, steps, the page toc', async ({ page }) => {
  await page.goto(`${origin}${base}guide/builtins`)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  // Tabs named by `values`, opened at `defaultValue`, switched with the arrow keys.
  await expect(page.getByRole('tab', { name: 'Windows' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel', { name: 'Windows' })).toHaveText('Press Control.')
  await page.getByRole('tab', { name: 'Windows' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect(page.getByRole('tabpanel', { name: 'macOS' })).toHaveText('Press Command.')
  await expect(page.getByText('Deprecated')).toHaveClass(/sheaf-badge--danger/)
  await expect(page.getByText('Each gadget does one thing.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Source (GitHub)' })).toHaveAttribute(
    'href',
    'https://github.com/acme/gadgets/blob/main/src/index.ts',
  )
  await expect(page.getByRole('heading', { level: 3, name: 'Install' })).toBeVisible()
  // The page's toc, and the link card navigating in place (a client navigation).
  await page.locator('.sheaf-toc').getByRole('link', { name: 'Steps' }).click()
  await expect(page).toHaveURL(`${origin}${base}guide/builtins#steps`)
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  await page.getByRole('link', { name: 'MDX What pages may write.' }).click()
  await expect(page).toHaveURL(`${origin}${base}guide/mdx`)
  await expect(page.getByRole('img', { name: 'A diagram' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
})

test("a missing page shows the content's 404 page (NotFoundLayout), and the overview lists the sidebar's pages", async ({
  page,
}) => {
  const response = await page.goto(`${origin}${base}no-such-page`)
  expect(response?.status()).toBe(404)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  await expect(page.getByRole('heading', { name: 'PAGE NOT FOUND' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', base)
  await page.goto(`${origin}${base}guide/overview`)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  await expect(
    page.getByRole('region', { name: 'Others' }).getByRole('link', { name: 'Built-in components' }),
  ).toHaveAttribute('href', `${base}guide/builtins`)
  await page.goto(`${origin}${base}welcome`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome')
})
