import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
// A copy inside the project (its config resolves `sheaf`), with a head script, a plugin whose
// inline script differs per section, a plugin that adds a source, and `headers` rules of its own.
const site = path.join(root, `tests/fixtures/.tmp-csp-${process.pid}`)
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }

fs.rmSync(site, { recursive: true, force: true })
copyBasicFixture(site)
fs.mkdirSync(path.join(site, 'content/public'), { recursive: true })
const config = fs.readFileSync(path.join(site, 'site/config.ts'), 'utf8')
const headScript = "document.documentElement.dataset.init='1'"
fs.writeFileSync(
  path.join(site, 'site/config.ts'),
  config.replace(
    "plugins: [files({ dir: 'content' })],",
    `headers: [{ for: '/assets/*', values: { 'Cache-Control': 'public, max-age=31536000, ` +
      `immutable' } }],
  head: [{ tag: 'script', attrs: {}, ` +
      `children: ${JSON.stringify(headScript)} }],
  plugins: [
    files({ dir: 'content' }),
    { name: ` +
      `'section-script', headTags: (page) => [{ tag: 'script', attrs: {}, children: ` +
      `'window.section=' + JSON.stringify(page.path.split('/')[1] || 'home') }] },
    { name: 'cdn', csp: ` +
      `{ 'script-src': ['https://cdn.example.org'] } },
  ],`,
  ),
)

afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const read = (file: string) => fs.readFileSync(path.join(site, 'out', file), 'utf8')
const metaPolicies = (html: string) =>
  [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g)].map((match) =>
    match[1].replaceAll('&#39;', "'"),
  )
const metaPolicy = (html: string) => html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)?.[1]

describe('a build ships its Content-Security-Policy', () => {
  it("as a <meta> in every page with its own scripts' hashes, and as _headers with all of them", async () => {
    const result = await build(site, { outDir: 'out', sink: quiet, workers: false })
    const htmlFiles = result.pages.map((page) => page.htmlFile)
    expect(htmlFiles.length).toBeGreaterThan(2)
    for (const file of htmlFiles) {
      const policy = metaPolicy(read(file))
      expect(policy, file).toBeDefined()
      expect(policy).toContain(sha(headScript))
      expect(policy).toContain('https://cdn.example.org')
      expect(policy).not.toContain('frame-ancestors')
    }
    const docs = metaPolicy(read('docs/api.html')) as string
    expect(docs).toContain(sha('window.section="docs"'))
    expect(docs).not.toContain(sha('window.section="home"'))

    const headers = read('_headers')
    // The config's own rule comes first, ours follow.
    expect(headers.startsWith('/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n')).toBe(true)
    const policy = headers.match(/^\/\*\n {2}Content-Security-Policy: (.*)$/m)?.[1] as string
    for (const hash of [headScript, 'window.section="docs"', 'window.section="home"'].map(sha))
      expect(policy).toContain(hash)
    expect(policy).toContain("frame-ancestors 'self'")
    // Issue 38: a second policy keeps scripts and workers to the build's assets; SVGs run no script.
    const assetPolicy = headers.match(
      /^\/\*\n {2}Content-Security-Policy: .*\n {2}Content-Security-Policy: (.*)$/m,
    )?.[1] as string
    expect(assetPolicy).toMatch(/^script-src \*:\*\/fixture\/assets\/ https:\/\/cdn\.example\.org 'sha256-/)
    expect(assetPolicy).toContain('worker-src *:*/fixture/assets/')
    expect(metaPolicies(read('docs/api.html'))[1]).toMatch(/^script-src \*:\*\/fixture\/assets\/ /)
    expect(headers).toContain('X-Content-Type-Options: nosniff')
    expect(headers).toMatch(/^\/\*\.svg\n {2}Content-Security-Policy: default-src 'none'; .*sandbox$/m)
  }, 180_000)

  it('keeps every hash in _headers when a rebuild reuses the pages', async () => {
    const first = read('_headers')
    // The hashes come from the config and plugins, not from the pages rendered this time (often none).
    await build(site, { outDir: 'out', sink: quiet, workers: false })
    expect(read('_headers')).toBe(first)
  }, 180_000)

  it('ships no page policy with `csp: false` (SVGs keep theirs)', async () => {
    // Another file: the test runner's module cache would hand back the first config.
    fs.writeFileSync(
      path.join(site, 'site/config-no-csp.ts'),
      fs.readFileSync(path.join(site, 'site/config.ts'), 'utf8').replace('head: [', 'csp: false,\n  head: ['),
    )
    const result = await build(site, {
      outDir: 'out',
      configFile: 'site/config-no-csp.ts',
      sink: quiet,
      workers: false,
    })
    expect(result.config.csp).toBe(false)
    expect(metaPolicy(read(result.pages[0].htmlFile))).toBeUndefined()
    expect(read('_headers')).not.toMatch(/^\/\*\n {2}Content-Security-Policy/m)
    expect(read('_headers')).toMatch(/^\/\*\.svg\n {2}Content-Security-Policy: default-src 'none'/m)
  }, 180_000)
})
