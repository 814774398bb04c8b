import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { encodeRoute } from '../../../../engine/shared/encodeRoute.ts'

// A route comes from a file name, which a contributor chooses: spaces, `#`, `?`, newlines and
// parentheses must not break the URLs that sitemap.xml and llms.txt list (an unencoded `#` cut
// the URL short; a newline split the line). A temporary site root beside the broken-input
// fixtures, with their shared config plus the two plugins.

const root = path.resolve(import.meta.dirname, '../../../..')
const brokenDir = path.join(root, 'tests/fixtures/broken')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
const made: string[] = []

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

const names = ['a b', 'c#d', 'e?f', 'g\nh', 'p(1)', 'ü', '50%']

describe('URLs of routes with unusual characters', () => {
  it('are encoded segment by segment in sitemap.xml and llms.txt', async () => {
    const dir = fs.mkdtempSync(path.join(brokenDir, '.generated-'))
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-route-urls-'))
    made.push(dir, out)
    fs.mkdirSync(path.join(dir, 'content/docs'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'content/index.md'), '# Home\n')
    for (const name of names)
      fs.writeFileSync(path.join(dir, 'content/docs', `${name}.md`), `# Page ${JSON.stringify(name)}\n\nText.\n`)
    fs.writeFileSync(
      path.join(dir, 'config.ts'),
      [
        "import base from '../config.ts'",
        "import { llms } from 'sheaf/plugins/llms'",
        "import { sitemap } from 'sheaf/plugins/sitemap'",
        "export default { ...base, url: 'https://example.org', base: '/site/', plugins: [...base.plugins, " +
          'sitemap(), llms()] }',
        '',
      ].join('\n'),
    )
    await build(dir, { configFile: 'config.ts', outDir: out, sink: quiet, cache: false, workers: false })
    const sitemap = fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8')
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])
    for (const name of names) expect(locs).toContain(`https://example.org/site/docs/${encodeRoute(name)}`)
    expect(locs).toContain('https://example.org/site/docs/a%20b')
    expect(locs).toContain('https://example.org/site/docs/c%23d')
    expect(locs).toContain('https://example.org/site/docs/e%3Ff')
    expect(locs).toContain('https://example.org/site/docs/g%0Ah')
    for (const loc of locs) expect(loc, loc).toMatch(/^https:\/\/example\.org\/site\/[A-Za-z0-9\-._~%/!$&'*+,;=:@]*$/)
    const llms = fs.readFileSync(path.join(out, 'llms.txt'), 'utf8')
    const links = [...llms.matchAll(/\]\((https:[^)\s]*)\)/g)].map((match) => match[1])
    expect(links).toContain('https://example.org/site/docs/p%281%29.md')
    expect(links).toContain('https://example.org/site/docs/c%23d.md')
    expect(links).toContain('https://example.org/site/docs/%C3%BC.md')
    expect(links).toContain('https://example.org/site/docs/50%25.md')
    expect(links.length).toBe(names.length + 1) // and the home page
  }, 60_000)

  it('round-trip: decoding each segment gives the route back', () => {
    for (const route of ['/docs/a b', '/docs/c#d?e', '/g\nh/', '/%2e%2e%2fx', '/p(1)/ü']) {
      expect(encodeRoute(route).split('/').map(decodeURIComponent).join('/')).toBe(route)
      expect(encodeRoute(route)).not.toMatch(/[\s#?()]/)
    }
  })
})
