import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { formatError } from '../../../../engine/errors.ts'
import { startDevServer } from '../../../../engine/server/devServer.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

// Issue 38: a pull request that touches only content/ published same-origin script from the public
// folder (ext.html loading evil.js, a sw.js service worker), its own `_headers` and `_redirects`,
// and a content symlink out of the project that the dev server served raw and the build ignored.

const root = path.resolve(import.meta.dirname, '../../../..')
const site = path.join(root, `tests/fixtures/.tmp-public-folder-${process.pid}`)
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-public-folder-'))
const secret = path.join(temp, 'token.txt')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
fs.writeFileSync(secret, 'TOP-SECRET-TOKEN')
const cleanSvg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10z"/></svg>'

afterAll(() => {
  fs.rmSync(site, { recursive: true, force: true })
  fs.rmSync(temp, { recursive: true, force: true })
})

beforeEach(() => {
  fs.rmSync(site, { recursive: true, force: true })
  copyBasicFixture(site)
  fs.mkdirSync(path.join(site, 'content/public'), { recursive: true })
  fs.writeFileSync(path.join(site, 'content/public/robots.txt'), 'User-agent: *\n')
})

const write = (name: string, text: string) => {
  const file = path.join(site, name)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}

async function buildFails(out: string): Promise<string> {
  const error = await build(site, { outDir: out, sink: quiet, cache: false, workers: false }).then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error, 'the build should fail').not.toBeNull()
  return formatError(error)
}

describe('the public folder publishes no code', () => {
  it('refuses same-origin script (a page, its script, a service worker), naming each file, and writes nothing', async () => {
    write('content/public/ext.html', '<script src="/fixture/evil.js"></script>')
    write('content/public/evil.js', "navigator.serviceWorker.register('/fixture/sw.js')")
    write('content/public/sw.js', "self.onfetch = (event) => event.respondWith(new Response('owned'))")
    const out = path.join(temp, 'out-script')
    const message = await buildFails(out)
    expect(message).toMatch(
      /^content\/public\/evil\.js\n {2}The public folder cannot publish this file\. A `\.js` file runs as code/,
    )
    expect(message).toContain('(2 more: `content/public/ext.html`, `content/public/sw.js`.)')
    expect(message).toMatch(/Fix: remove it\. Script the site needs comes from the theme, plugins or config/)
    expect(fs.existsSync(out)).toBe(false)
  }, 120_000)

  it('refuses an SVG that holds script, and keeps a clean one with the other data files', async () => {
    write('content/public/img/chart.svg', cleanSvg.replace('<path', '<path onclick="fetch(`//evil.example`)"'))
    expect(await buildFails(path.join(temp, 'out-svg'))).toMatch(/^content\/public\/img\/chart\.svg\n.*holds script/)
    write('content/public/img/chart.svg', cleanSvg)
    write('content/public/data/table.csv', 'a,b\n')
    const out = path.join(temp, 'out-clean')
    await build(site, { outDir: out, sink: quiet, cache: false, workers: false })
    expect(fs.readFileSync(path.join(out, 'img/chart.svg'), 'utf8')).toBe(cleanSvg)
    expect(fs.existsSync(path.join(out, 'data/table.csv'))).toBe(true)
  }, 120_000)
})

describe('headers and redirects come from config', () => {
  for (const name of ['_headers', '_redirects']) {
    it(`refuses a public ${name} with a hint to declare it in site/config.ts`, async () => {
      write(`content/public/${name}`, '/*\n  Refresh: 2; url=http://evil.example/\n  Access-Control-Allow-Origin: *\n')
      const message = await buildFails(path.join(temp, `out${name}`))
      expect(message).toMatch(
        new RegExp(
          `^content/public/${name}\\n.*host's configuration: headers and redirects come from the site's config`,
        ),
      )
      expect(message).toMatch(/Fix: declare .* in `site\/config\.ts`/)
    }, 120_000)
  }
})

describe('symbolic links in content', () => {
  it('a link that leads out of the project is a located build error', async () => {
    fs.symlinkSync(secret, path.join(site, 'content/docs/leak.txt'))
    const message = await buildFails(path.join(temp, 'out-link'))
    expect(message).toMatch(
      /^\[files\] sourceNodes: content\/docs\/leak\.txt\n.*symbolic link to `.*token\.txt`, outside the project/,
    )
    expect(message).toContain('Fix: remove the link')
  }, 120_000)
})

describe('the dev server serves only what the build would publish', () => {
  it(
    'answers 403 for raw content, links out of the project and refused public files; ' +
      'SVGs carry a no-script policy',
    async () => {
      write('content/public/ext.html', '<script src="/fixture/evil.js"></script>')
      write('content/public/evil.js', 'alert(1)')
      write('content/public/_headers', '/*\n  Refresh: 2; url=http://evil.example/\n')
      write('content/public/logo.svg', cleanSvg)
      const port = 6900 + (process.pid % 500)
      const log = console.log
      console.log = () => undefined
      const server = await startDevServer(site, { port })
      try {
        // Added while it runs: the build's own error is above; the server must not serve it meanwhile.
        fs.symlinkSync(secret, path.join(site, 'content/docs/leak.txt'))
        const fsUrl = `@fs${path.join(site, 'content/docs/leak.txt').split(path.sep).join('/')}`
        for (const url of ['content/docs/leak.txt', 'content/index.md', 'content/public/robots.txt', fsUrl]) {
          const response = await fetch(`${server.url}${url}`)
          const body = await response.text()
          expect(body, url).not.toContain('TOP-SECRET')
          expect(body, url).not.toContain('title:')
          expect(response.status, url).toBe(403)
        }
        for (const [url, reason] of [
          ['ext.html', /runs as code/],
          ['evil.js', /runs as code/],
          ['_headers', /headers and redirects come from the site's config/],
        ] as const) {
          const response = await fetch(`${server.url}${url}`)
          expect(response.status, url).toBe(403)
          expect(await response.text(), url).toMatch(reason)
        }
        const logo = await fetch(`${server.url}logo.svg`)
        expect(logo.status).toBe(200)
        expect(logo.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/)
        expect((await fetch(`${server.url}robots.txt`)).status).toBe(200)
      } finally {
        await server.close()
        console.log = log
      }
    },
    120_000,
  )
})
