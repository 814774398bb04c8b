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

// A site made by `sheaf init` outside this repository, installed (a file: link to this checkout)
// and built with its own npm scripts, served on a port of its own: every page is reachable, its
// links and anchors are live, each page hydrates with a quiet console, and search finds a page.
const repo = path.resolve(import.meta.dirname, '../../..')
const port = 4310 + portOffset
const origin = `http://127.0.0.1:${port}`
let work: string
let site: string
let server: Server

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-init-e2e-'))
  site = path.join(work, 'my-docs')
  const env = { ...process.env, NODE_ENV: '' }
  execFileSync(process.execPath, [path.join(repo, 'bin/sheaf.js'), 'init', site], { env, stdio: 'pipe' })
  // --ignore-scripts: npm would run the checkout's `prepare`, which the command above made unnecessary.
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: site,
    env,
    stdio: 'pipe',
  })
  execFileSync('npm', ['run', 'build', '--', '--quiet'], { cwd: site, env, stdio: 'pipe' })
  server = await startStaticServer({ dir: path.join(site, 'build'), base: '/', port })
})

test.afterAll(async () => {
  await closeServer(server)
  fs.rmSync(work, { recursive: true, force: true })
})

test('every page answers 200 with live links and anchors, and hydrates without warnings', async ({ page, request }) => {
  test.setTimeout(120_000)
  const { routes, problems } = await crawlSite(request, origin, '/', ['/'])
  expect(problems).toEqual([])
  expect(routes).toEqual(expect.arrayContaining(['/', '/guide/introduction', '/guide/writing-pages']))
  expect(await hydrationNoise(page, origin, routes)).toEqual([])
})

test('the sidebar navigates without a reload, and search finds a page', async ({ page }) => {
  await page.goto(`${origin}/guide/introduction`)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  await page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('link', { name: /Writing pages/ })
    .click()
  await expect(page).toHaveURL(`${origin}/guide/writing-pages`)
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  await page.getByRole('banner').getByRole('button', { name: 'Search Docs', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Search' })
  await dialog.getByRole('combobox', { name: 'Search Docs' }).fill('containers')
  await expect(dialog.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toContainText(
    /Containers|Writing pages/,
  )
})

test(
  'other commands work in the site: `sheaf query` answers, ' +
    "and its config is typed from the package's declarations",
  () => {
    const query = execFileSync('npx', ['sheaf', 'query', '{ allPage { nodes { path title } } }'], {
      cwd: site,
      encoding: 'utf8',
    })
    expect(query).toContain('/guide/introduction')
    // A deliberate mistake: the checker names the config's type, so `sheaf` resolved to its declarations, not to `any`.
    fs.writeFileSync(
      path.join(site, 'typed.ts'),
      "import config from './site/config.ts'\nconst wrong: number = config\nexport default wrong\n",
    )
    fs.writeFileSync(
      path.join(site, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'ESNext',
          moduleResolution: 'bundler',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          allowImportingTsExtensions: true,
          types: [],
        },
        files: ['typed.ts'],
      }),
    )
    const check = spawnSync(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', '.'], {
      cwd: site,
      encoding: 'utf8',
    })
    expect(check.stdout).toMatch(/typed\.ts\(2,7\): error TS2322: Type 'UserConfig' is not assignable to type 'number'/)
    expect(check.stdout.split('\n').filter((line) => line.includes('error'))).toHaveLength(1)
  },
)
