import { expect, test, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { outDirName, siteUrl } from '../sites.ts'

// Every page of both versions of the site (13.x at the base root, 12.x under /12.x/), served by
// `sheaf preview` with the policy the build ships (_headers as a header, and each page's <meta>),
// hydrates with no Content-Security-Policy violation (issue 19).
const root = path.resolve(import.meta.dirname, '../../..')
const outDir = path.join(root, outDirName)
const base = '/react-native-testing-library/'
let preview: ChildProcess | undefined
let origin = ''

/** A free port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** The real `sheaf preview` command on the e2e build; resolves once it says it is serving. */
async function startPreview(): Promise<void> {
  const port = await freePort()
  preview = spawn(
    process.execPath,
    [path.join(root, 'bin/sheaf.js'), 'preview', '--out', outDirName, '--port', String(port)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sheaf preview did not start:\n${output}`)), 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Serving')) {
        clearTimeout(timer)
        resolve()
      }
    }
    preview?.stdout?.on('data', onData)
    preview?.stderr?.on('data', onData)
    preview?.once('exit', (code) => reject(new Error(`sheaf preview exited with ${code}:\n${output}`)))
  })
  origin = `http://127.0.0.1:${port}`
}

/** Every page the build rendered: one data file each (the route table), 404 pages included. */
function builtRoutes(): string[] {
  const dataDir = path.join(outDir, '_sheaf/data')
  const routes: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (entry.name.endsWith('.json'))
        routes.push((JSON.parse(fs.readFileSync(file, 'utf8')) as { path: string }).path)
    }
  }
  walk(dataDir)
  return routes.sort()
}

/** The routes the sitemap lists (absolute URLs on the deployed origin), without the base. */
function sitemapRoutes(): string[] {
  const xml = fs.readFileSync(path.join(outDir, 'sitemap.xml'), 'utf8')
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => `/${new URL(match[1]).pathname.slice(base.length)}`)
}

/**
 * Collects every violation the page reports: the DOM event (added before any script runs) and Chromium's console
 * message.
 */
function watchViolations(page: Page): string[] {
  const violations: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (/Content Security Policy|Refused to|csp-violation/i.test(text)) violations.push(`${page.url()}: ${text}`)
  })
  page.on('pageerror', (error) => violations.push(`${page.url()}: page error ${error.message}`))
  return violations
}

// Each test stands alone (the preview starts once per worker): both workers can take them.
test.describe.configure({ mode: 'parallel' })
// The policy applies here (playwright.config.ts bypasses it for the tests of escaping).
test.use({ bypassCSP: false })

test.beforeAll(async () => {
  await startPreview()
})

test.afterAll(() => {
  // A preview that failed to start has exited already: only a running one is stopped.
  if (preview?.pid && preview.exitCode === null) process.kill(preview.pid)
})

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `csp-violation ${event.violatedDirective} blocked ${event.blockedURI} ` +
          `at ${event.sourceFile}:${event.lineNumber}`,
      ),
    )
  })
})

test('the build ships a policy: _headers with the union of the hashes, a <meta> with them in every page', async ({
  request,
}) => {
  const headers = fs.readFileSync(path.join(outDir, '_headers'), 'utf8')
  const policy = headers.match(/^\/\*\n {2}Content-Security-Policy: (.*)$/m)?.[1] ?? ''
  expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  expect(policy).toContain("frame-ancestors 'self'")
  // Issue 38: a second policy allows scripts and workers only from the build's assets ('self' alone allowed any file of
  // the origin).
  const assetPolicy =
    headers.match(/^\/\*\n {2}Content-Security-Policy: .*\n {2}Content-Security-Policy: (.*)$/m)?.[1] ?? ''
  // (The analytics script is on the origin outside the assets: the plugin names its path.)
  expect(assetPolicy).toMatch(
    new RegExp(
      `^script-src \\*:\\*${base}assets/ \\*:\\*/_vercel/insights/script\\.js( 'sha256-[A-Za-z0-9+/=]+')+; ` +
        `worker-src \\*:\\*${base}assets/$`,
    ),
  )
  const response = await request.get(`${origin}${base}docs/api/render`)
  expect(response.headers()['content-security-policy']).toBe(`${policy}, ${assetPolicy}`)
  const html = await response.text()
  const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)?.[1] ?? ''
  expect(html).toContain(
    `<meta http-equiv="Content-Security-Policy" content="script-src *:*${base}assets/ ` +
      `*:*/_vercel/insights/script.js 'sha256-`,
  )
  // The page's hashes are among the header's (the theme's init script, the i18n first-visit script).
  const pageHashes = meta.match(/'sha256-[^']+'/g) ?? []
  expect(pageHashes.length).toBeGreaterThan(0)
  for (const hash of pageHashes) expect(policy).toContain(hash)
})

/** Every built route of one version: 12.x under /12.x/, 13.x (the default) everywhere else. */
function versionRoutes(version: '13.x' | '12.x'): string[] {
  return builtRoutes().filter((route) => route.startsWith('/12.x/') === (version === '12.x'))
}

test('the route table holds every page the sitemap lists, of both versions', () => {
  const routes = builtRoutes()
  expect(routes).toEqual(expect.arrayContaining(sitemapRoutes()))
  expect(versionRoutes('12.x').length).toBeGreaterThan(10)
  expect(versionRoutes('13.x').length).toBeGreaterThan(10)
  expect(versionRoutes('12.x').length + versionRoutes('13.x').length).toBe(routes.length)
})

// This is also the suite's one browser pass over every page (tests/e2e/crawl.spec.ts checks links,
// anchors and assets over HTTP): each page hydrates with a quiet console, under the policy. One test
// per version, so the two workers share the pass.
for (const version of ['13.x', '12.x'] as const) {
  test(`every page of ${version} hydrates under the shipped policy with no violation and a quiet console`, async ({
    page,
  }) => {
    test.setTimeout(300_000)
    const routes = versionRoutes(version)
    const violations = watchViolations(page)
    const noise: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        noise.push(`${page.url()}: ${message.type()} ${message.text()}`)
    })
    // No stand-in for the analytics script: on 127.0.0.1 the analytics client never asks for it
    // (security.spec.ts checks), and a route would turn off the browser's HTTP cache for the whole
    // pass, making every page fetch and compile the site's scripts again.
    const unprotected: string[] = []
    for (const route of routes) {
      // Until `load`, as the crawl did: a console error on the way there counts.
      const response = await page.goto(`${origin}${base}${route.replace(/^\//, '')}`)
      if (!response?.headers()['content-security-policy']) unprotected.push(`${route}: no header`)
      // The site's policy and the one that keeps scripts to the build's assets (issue 38).
      if ((await page.locator('meta[http-equiv="Content-Security-Policy"]').count()) !== 2)
        unprotected.push(`${route}: no <meta>`)
      await page.locator('html[data-sheaf-hydrated]').waitFor()
    }
    expect(unprotected).toEqual([])
    expect(violations).toEqual([])
    expect(noise).toEqual([])
  })
}

test('client navigation, search (its worker), the theme script and analytics run under it', async ({ page }) => {
  const violations = watchViolations(page)
  // The theme's inline init script runs (it is hashed): a stored dark theme applies before paint.
  await page.addInitScript(() => localStorage.setItem('sheaf-theme', 'dark'))
  // A real host name makes the analytics client add its script, which the policy must allow. It is
  // not served locally: stood in for as Vercel serves it (a 404 page would be refused as script
  // under the build's `nosniff` for its type, not by the policy).
  await page.route('**/_vercel/insights/script.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  )
  await page.goto(`${origin.replace('127.0.0.1', 'docs.sheaf.test')}${base}docs/api/render`)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await page.getByRole('link', { name: 'screen', exact: true }).first().click()
  await expect(page).toHaveURL(/\/docs\/api\/screen$/)
  await page.keyboard.press('Control+k')
  await page
    .getByRole('dialog')
    .getByRole('combobox')
    .or(page.getByRole('dialog').getByRole('searchbox'))
    .first()
    .fill('render')
  await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible({ timeout: 10_000 })
  await page.keyboard.press('Escape')
  await page.goto(`${origin}${base}12.x/docs/api/render`)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  expect(violations).toEqual([])
})

test.describe("a plugin's inline head script", () => {
  test.use({ locale: 'zh-CN' })

  test('runs under the policy: the i18n first-visit script (hashed) sends a Chinese reader to /zh/', async ({
    page,
  }) => {
    // The i18n fixture, served by the e2e setup's static server (it sends the build's _headers).
    const violations = watchViolations(page)
    const response = await page.goto(siteUrl('i18n', '/guide/start'))
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')+;/)
    await expect(page).toHaveURL(/\/i18n\/zh\/guide\/start$/)
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    expect(violations).toEqual([])
  })
})
