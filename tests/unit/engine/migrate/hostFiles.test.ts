import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateRspress } from '../../../../engine/migrate/migrateRspress.ts'

// Issue 38: Sheaf refuses a `_headers` or `_redirects` in the public folder (content could add
// them); a migrated site's own move into its config.

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-migrate-host-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe('sheaf migrate rspress moves the public folder’s host files into the config', () => {
  it('turns _headers into `headers` and plain _redirects into `redirects()`, listing what it cannot move', () => {
    const site = path.join(work, 'rspress')
    const files: Record<string, string> = {
      'rspress.config.ts':
        "import * as path from 'path';\nimport { defineConfig } from 'rspress/config';\n" +
        "export default defineConfig({ root: path.join(__dirname, 'docs'), title: 'Tiny' });\n",
      'docs/index.md': '# Home\n',
      'docs/guide/start.md': '# Start\n',
      'docs/public/_headers':
        '# cache the assets\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n/*\n' +
        '  X-Frame-Options: DENY\n  Bad Name: x\n',
      'docs/public/_redirects':
        '/old /guide/start 301\n/blog/* https://blog.example.org/:splat 301\n/app/* /index.html 200\n',
      'docs/public/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    }
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true })
      fs.writeFileSync(path.join(site, file), text)
    }
    const out = path.join(work, 'sheaf')
    const result = migrateRspress(site, out)
    const config = fs.readFileSync(path.join(out, 'site/config.ts'), 'utf8')
    expect(config).toMatch(
      /headers: \[\n\s+\{\n\s+for: '\/assets\/\*',\n\s+values: \{ "Cache-Control": 'public, max-age=31536000, immutable' \},/,
    )
    expect(config).toContain(`redirects({ redirects: { "/old": '/guide/start' } })`)
    expect(fs.existsSync(path.join(out, 'docs/public/_headers'))).toBe(false)
    expect(fs.existsSync(path.join(out, 'docs/public/_redirects'))).toBe(false)
    expect(fs.existsSync(path.join(out, 'docs/public/logo.svg'))).toBe(true)
    expect(result.untranslated.map((item) => item.key)).toEqual(
      expect.arrayContaining(['docs/public/_headers:4', 'docs/public/_redirects:2', 'docs/public/_redirects:3']),
    )
    expect(result.report).toMatch(/`docs\/public\/_headers` and `docs\/public\/_redirects` moved into site\/config\.ts/)
  })
})
