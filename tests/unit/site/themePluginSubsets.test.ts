// @vitest-environment node
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

// Issue 41: the default theme queried the search plugin's fields in its layout, so a site without
// that plugin failed to build. The bare-theme fixture builds site/theme with the optional plugins
// SHEAF_FIXTURE_PLUGINS names; each subset must build, and show a plugin's part only with it.

const root = path.resolve(import.meta.dirname, '../../..')
const site = path.join(root, 'tests/fixtures/bare-theme')
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-theme-subsets-'))
afterAll(() => fs.rmSync(out, { recursive: true, force: true }))

/** Builds the fixture with `plugins` and returns the HTML of its intro page. */
async function buildDocPage(plugins: string): Promise<string> {
  const outDir = path.join(out, plugins || 'files')
  await promisify(execFile)(process.execPath, [path.join(root, 'bin/sheaf.js'), 'build', '--out', outDir], {
    cwd: site,
    env: { ...process.env, SHEAF_FIXTURE_PLUGINS: plugins },
  })
  // Without the versions plugin the version folder is part of the route.
  const route = plugins === 'all' || plugins.includes('versions') ? 'docs/intro.html' : '2.x/docs/intro.html'
  return fs.readFileSync(path.join(outDir, route), 'utf8')
}

const searchButton = 'class="sheaf-search__button"'
const sidebarLink = 'class="sidebar__link'

describe('the default theme with a subset of plugins', () => {
  const subsets: [string, { search: boolean; sidebar: boolean }][] = [
    ['', { search: false, sidebar: false }],
    ['sidebar', { search: false, sidebar: true }],
    ['search', { search: true, sidebar: false }],
    ['versions', { search: false, sidebar: false }],
    ['i18n', { search: false, sidebar: false }],
    ['llms', { search: false, sidebar: false }],
    ['all', { search: true, sidebar: true }],
  ]
  for (const [plugins, shows] of subsets) {
    const name = `builds with files${plugins ? ` + ${plugins}` : ' only'} and renders the doc page`
    it(name, { timeout: 120_000 }, async () => {
      const html = await buildDocPage(plugins)
      expect(html).toContain('<h1')
      expect(html).toContain('Introduction')
      expect(html).toContain('>Guide<')
      expect(html.includes(searchButton), 'the search box').toBe(shows.search)
      expect(html.includes(sidebarLink), 'the sidebar').toBe(shows.sidebar)
    })
  }
})
