import { expect, test } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { copyBasicFixture } from '../../copyBasicFixture.ts'
import { portOffset } from '../sites.ts'
import { startCommonHost } from './commonHost.ts'

// Issue 38: a pull request that touches only content/ ran script on the docs origin from the
// public folder: an `ext.html` (or .htm, .xhtml, an SVG) loading an `evil.js` beside it, and a
// `sw.js` registered as a service worker that answered every later navigation. The build refuses
// such files; and if one is on the origin anyway, the policies the build ships keep it inert on a
// host that serves them as documents.

const root = path.resolve(import.meta.dirname, '../../..')
const site = path.join(root, `tests/fixtures/.tmp-public-e2e-${portOffset}`)
const outName = '.e2e-public'
const out = path.join(site, outName)
const base = '/fixture/'
const ranMark = "document.documentElement.setAttribute('data-ran', 'evil')"
const hostile: Record<string, string> = {
  'active.svg':
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script href="${base}evil.js"/><rect ` +
    `width="10" height="10"/></svg>`,
  'evil.js': ranMark,
  'ext.htm': `<!doctype html><title>ext</title><script src="${base}evil.js"></script><script>${ranMark}</script>`,
  'ext.html': `<!doctype html><title>ext</title><script src="${base}evil.js"></script><script>${ranMark}</script>`,
  'ext.xhtml':
    `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>ext</title><script ` +
    `src="${base}evil.js"></script></head><body><p>x</p></body></html>`,
  'sw.js':
    "self.addEventListener('fetch', (event) => event.respondWith(new Response('<h1>owned</h1>', { headers: " +
    "{ 'content-type': 'text/html' } })))",
}
const cleanSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>rect{fill:#3451b2}</style><rect ' +
  'width="10" height="10"/></svg>'

function sheafBuild(): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(root, 'bin/sheaf.js'), 'build', '--quiet', '--out', outName], {
    cwd: site,
    encoding: 'utf8',
    timeout: 180_000,
  })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

test.describe.configure({ mode: 'serial' })
// The policies apply here (playwright.config.ts bypasses them for the tests of escaping).
test.use({ bypassCSP: false })

test.beforeAll(() => {
  fs.rmSync(site, { recursive: true, force: true })
  copyBasicFixture(site)
})

test.afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

test(
  'a build whose public folder holds pages, scripts, a service worker or an SVG with script is refused, ' +
    'naming them',
  () => {
    test.setTimeout(200_000)
    for (const [name, text] of Object.entries(hostile)) fs.writeFileSync(path.join(site, 'content/public', name), text)
    const { status, output } = sheafBuild()
    expect(status, output).not.toBe(0)
    expect(output).toMatch(
      /content\/public\/active\.svg\n {2}The public folder cannot publish this file\. The `\.svg` file holds script/,
    )
    expect(output).toContain(
      '(5 more: `content/public/evil.js`, `content/public/ext.htm`, `content/public/ext.html`, ' +
        '`content/public/ext.xhtml`, `content/public/sw.js`.)',
    )
    expect(output).toContain('Fix: remove the script from the file')
    expect(fs.existsSync(out)).toBe(false)
  },
)

test(
  'on a host that serves them as documents, such files on the origin run no script under the policies the build ' +
    'ships',
  async ({ page }) => {
    test.setTimeout(200_000)
    for (const name of Object.keys(hostile)) fs.rmSync(path.join(site, 'content/public', name), { force: true })
    fs.writeFileSync(path.join(site, 'content/public/logo.svg'), cleanSvg)
    const built = sheafBuild()
    expect(built.status, built.output).toBe(0)
    // Planted beside the build, as if they had reached the origin some other way.
    for (const [name, text] of Object.entries(hostile)) fs.writeFileSync(path.join(out, name), text)
    const host = await startCommonHost(out, base)
    const refused: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(`${page.url()}: ${message.text()}`)
    })
    try {
      // The site's own page loads its scripts from the build's assets with no violation.
      const loaded = page.waitForResponse((response) => /\/assets\/.*\.js$/.test(response.url()), { timeout: 30_000 })
      await page.goto(`${host.origin}${base}docs/guide`)
      await loaded
      await page.waitForLoadState('networkidle')
      expect(refused).toEqual([])

      for (const name of ['ext.html', 'ext.htm', 'ext.xhtml', 'active.svg']) {
        const response = await page.goto(`${host.origin}${base}${name}`)
        expect(response?.status(), name).toBe(200)
        await page.waitForLoadState('load')
        expect(
          await page.evaluate(() => document.documentElement.getAttribute('data-ran')),
          `${name} ran script`,
        ).toBeNull()
      }
      expect(refused.length).toBeGreaterThan(0)

      // A service worker cannot be registered from a file outside the build's assets.
      await page.goto(`${host.origin}${base}docs/guide`)
      const registered = await page.evaluate(
        (url) =>
          navigator.serviceWorker.register(url).then(
            () => 'registered',
            (error: Error) => `refused: ${error.message}`,
          ),
        `${base}sw.js`,
      )
      expect(registered).toMatch(/^refused/)

      // A clean SVG opens as a drawing.
      const logo = await page.goto(`${host.origin}${base}logo.svg`)
      expect(logo?.headers()['content-security-policy']).toMatch(/sandbox/)
      expect(await page.evaluate(() => document.documentElement.localName)).toBe('svg')
    } finally {
      await host.close()
    }
  },
)
