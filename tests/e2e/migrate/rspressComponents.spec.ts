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

// tests/fixtures/rspress-components (an Rspress 1.x site whose MDX pages import the site's own
// React components through the tsconfig's `@components/*` and by relative path, one of them
// using Rspress's runtime), migrated by `sheaf migrate rspress`, built with no edit and served:
// the components are in the server's HTML, hydrate with a quiet console and work; its images
// imported as values (`import diagram from '../assets/diagram.png'`, `@/public/logo.svg`) load.
const repo = path.resolve(import.meta.dirname, '../../..')
const fixture = path.join(repo, 'tests/fixtures/rspress-components')
const base = '/widgets/'
const port = 4322 + portOffset
const origin = `http://127.0.0.1:${port}`
let work: string
let site: string
let server: Server
let buildOutput = ''
/** Wall time of the migration and of the build (reported by the test, never asserted). */
const timings: Record<string, number> = {}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-migrate-components-'))
  site = path.join(work, 'widgets')
  const env = { ...process.env, NODE_ENV: '' }
  let started = Date.now()
  execFileSync(process.execPath, [path.join(repo, 'bin/sheaf.js'), 'migrate', 'rspress', fixture, site], {
    env,
    encoding: 'utf8',
    stdio: 'pipe',
  })
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

test("the site's components are registered, the pages build with no edit, and the server's HTML has them", () => {
  test
    .info()
    .annotations.push({ type: 'timing', description: `migrate ${timings.migrate} ms, build ${timings.build} ms` })
  const report = fs.readFileSync(path.join(site, 'MIGRATION.md'), 'utf8')
  expect(report).not.toContain('## Content to change')
  expect(report).toMatch(
    /`components\/PageInfo\/index.tsx` .*`NoSSR`, `useDark`, `useLang`, `usePageData`\. Registered as `PageInfo`/,
  )
  const config = fs.readFileSync(path.join(site, 'site/config.ts'), 'utf8')
  expect(config).toContain("Card: { module: 'site/components/Card.tsx' }")
  for (const file of ['index.mdx', 'guide/start.mdx', 'guide/images.mdx']) {
    expect(fs.readFileSync(path.join(site, 'docs/1.0', file)), file).toEqual(
      fs.readFileSync(path.join(fixture, 'docs', file)),
    )
  }
  expect(buildOutput).toMatch(/built 4 pages/)
  const html = fs.readFileSync(path.join(site, 'build/guide/start.html'), 'utf8')
  expect(html).toContain('<p data-testid="greeting">Hello, <!-- -->reader<!-- -->!</p>')
  expect(html).toMatch(/<strong data-testid="page-title">Getting started<\/strong>/)
  expect(html).toMatch(/<code data-testid="page-route">\/guide\/start<\/code>/)
  expect(html).not.toContain('browser-only')
  // Hostile props are text: no script from the title, React's blocked URL for javascript:.
  expect(html).not.toMatch(/<script>window\.__pwned/)
  expect(html).not.toMatch(/href="javascript:window/)
})

test('every page answers 200 with live links and hydrates with a quiet console', async ({ page, request }) => {
  test.setTimeout(120_000)
  const { routes, problems } = await crawlSite(request, origin, base, [base])
  expect(problems).toEqual([])
  expect(routes).toContain(`${base}guide/start`)
  expect(await hydrationNoise(page, origin, routes)).toEqual([])
})

test(
  'the components work in the browser: runtime hooks, a browser-only part, dark mode, ' +
    "the site's card beside the theme's",
  async ({ page }) => {
    await page.goto(`${origin}${base}guide/start`)
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await expect(page.getByTestId('browser-only')).toHaveText('in the browser')
    await page.getByRole('button', { name: 'Clicks: 0' }).click()
    await expect(page.getByRole('button', { name: 'Clicks: 1' })).toBeVisible()
    await page.evaluate(() => document.documentElement.classList.add('dark'))
    await expect(page.getByTestId('page-dark')).toHaveText('dark')
    // The site's Card (imported from @components) and the theme's (imported from @theme), both.
    await expect(page.getByTestId('site-card').getByRole('link', { name: 'Home' })).toHaveAttribute('href', base)
    await expect(page.getByText("Rspress's built-in Card, beside the site's.")).toBeVisible()
    const hostile = page
      .getByTestId('site-card')
      .getByRole('link', { name: '</script><script>window.__pwned = 1</script>' })
    await hostile.click()
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    // A client navigation to the home page renders its components too.
    await page.getByTestId('site-card').getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(`${origin}${base}`)
    await expect(page.getByTestId('page-title')).toHaveText('Widgets')
    await expect(page.getByTestId('page-route')).toHaveText('/')
    await expect(page.getByRole('button', { name: /^Widgets clicked: \d+$/ })).toBeVisible()
  },
)

test('images imported as values and by relative path load from the assets under the base', async ({ page }) => {
  await page.goto(`${origin}${base}guide/images`)
  for (const [alt, url] of [
    ['Diagram', new RegExp(`^${base}assets/diagram-[A-Za-z0-9_-]{8}\\.png$`)],
    ['Logo', new RegExp(`^${base}logo\\.svg$`)],
    ['Local', new RegExp(`^${base}assets/local-[A-Za-z0-9_-]{8}\\.png$`)],
  ] as const) {
    const image = page.getByRole('img', { name: alt, exact: true })
    expect(await image.getAttribute('src'), alt).toMatch(url)
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), {
        message: alt,
      })
      .toBeGreaterThan(0)
  }
  expect(
    fs.readFileSync(
      path.join(
        site,
        'build/assets',
        fs.readdirSync(path.join(site, 'build/assets')).find((name) => name.startsWith('diagram-')) ?? 'none',
      ),
    ),
  ).toEqual(fs.readFileSync(path.join(fixture, 'docs/assets/diagram.png')))
})
