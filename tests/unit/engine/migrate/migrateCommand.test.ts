import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const repo = path.resolve(import.meta.dirname, '../../../..')
const fixture = path.join(repo, 'tests/fixtures/rspress-site')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-migrate-'))
const site = path.join(work, 'widgets')
const run = (command: string, args: string[], cwd: string) => spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_ENV: '' }, timeout: 180_000 })
const sheaf = (args: string[], cwd = work) => run(process.execPath, [path.join(repo, 'bin/sheaf.js'), ...args], cwd)
/**
 * `npm install` in a migrated site links this checkout (`"sheaf": "file:..."`). Scripts are skipped:
 * npm would otherwise run the checkout's own `prepare` (a full compile with type declarations,
 * about 30 s) on every install, while the test setup has already compiled this checkout.
 */
const npmInstall = (cwd: string) => run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], cwd)

afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe('sheaf migrate rspress', () => {
  it('turns the Rspress fixture into a Sheaf site that builds with no content edit', () => {
    const migrate = sheaf(['migrate', 'rspress', fixture, 'widgets'])
    expect(migrate.status, migrate.stderr).toBe(0)
    // The untranslated keys are printed and written to MIGRATION.md, each with its reason.
    for (const key of ['plugins', 'builderConfig', 'route.exclude', 'logoText']) expect(migrate.stdout).toContain(`  ${key}: `)
    const report = fs.readFileSync(path.join(site, 'MIGRATION.md'), 'utf8')
    expect(report).toMatch(/\| `builderConfig` \| Sheaf does not use Rsbuild/)
    expect(report).toMatch(/\| `route.exclude` \| .*\*\*\/_fragments\/\*\*/)
    // Content is copied byte for byte.
    for (const file of ['v2/en/guide/install.mdx', 'v1/en/_meta.json', 'v2/zh/guide/_meta.json', 'public/logo-light.svg']) {
      expect(fs.readFileSync(path.join(site, 'docs', file)), file).toEqual(fs.readFileSync(path.join(fixture, 'docs', file)))
    }
    expect(fs.readFileSync(path.join(site, 'site/styles/index.css'), 'utf8')).toContain('--rp-c-brand')

    const install = npmInstall(site)
    expect(install.status, install.stderr).toBe(0)
    const build = run('npm', ['run', 'build'], site)
    const output = `${build.stdout}\n${build.stderr}`
    expect(build.status, output).toBe(0)
    // Rspress does not check anchors: a dead one is a warning with file:line, and the site builds.
    expect(output).toContain('dead anchor: docs/v2/en/api/config.md:13:14  ./config.md#legacy-mode')

    const out = path.join(site, 'build')
    const page = (route: string) => fs.readFileSync(path.join(out, `${route}.html`), 'utf8')
    // Every version and language: v2 (default) at the root, v1 under /v1/, zh under /zh/.
    expect(page('guide/start')).toContain('This is version v2.')
    expect(page('v1/guide/start')).toContain('This is version v1.')
    expect(page('zh/guide/start')).toContain('从这里开始。')
    expect(page('zh/v1/guide/start')).toContain('This is version v1.')
    expect(page('index')).toContain('Acme Widgets')
    // The navbar from the version-root _meta.json, the sidebar from guide/_meta.json (custom link, section header).
    expect(page('guide/start')).toContain('href="https://github.com/acme/widgets/releases"')
    // Each language keeps its own navbar (its root _meta.json), with links within the version.
    expect(page('zh/v1/guide/start')).toMatch(/href="\/widgets\/zh\/v1\/guide\/start"[^>]*>(<[^>]*>)*指南/)
    expect(page('v1/guide/start')).toMatch(/href="\/widgets\/v1\/guide\/start"[^>]*>(<[^>]*>)*Guide</)
    expect(page('v1/guide/start')).toContain('href="/widgets/v1/guide/advanced/theming"')
    // Containers keep their titles, in both Rspress forms.
    expect(page('guide/start')).toMatch(/sheaf-container__title">\s*(<[^>]*>\s*)*Good to know/)
    expect(page('guide/start')).toMatch(/sheaf-container__title">\s*(<[^>]*>\s*)*React 18/)
    // MDX components imported from @theme and rspress/theme render as the theme's.
    expect(page('guide/install')).toMatch(/npm install @acme\/widgets/)
    expect(page('guide/install')).toContain('role="tablist"')
    // Rspress's /v1/zh/ addresses redirect to Sheaf's /zh/v1/.
    expect(page('v1/zh/guide/start')).toContain('/widgets/zh/v1/guide/start')
  }, 240_000)

  it('keeps a dead page link an error', () => {
    const file = path.join(site, 'docs/v1/en/guide/start.md')
    fs.appendFileSync(file, '\nSee [the gone page](./gone.md).\n')
    const build = run('npm', ['run', 'build'], site)
    expect(build.status).not.toBe(0)
    expect(build.stderr).toMatch(/1 dead link:\ndocs\/v1\/en\/guide\/start.md:\d+:\d+ {2}\.\/gone.md/)
  }, 120_000)

  it('gives a site without versions or languages one version folder, its root _meta.json the navbar', () => {
    const tiny = path.join(work, 'tiny-rspress')
    const files: Record<string, string> = {
      'rspress.config.ts': "import * as path from 'path';\nimport { defineConfig } from 'rspress/config';\nexport default defineConfig({ root: path.join(__dirname, 'docs'), title: 'Tiny', icon: '/icon.svg' });\n",
      'docs/_meta.json': '[{ "text": "Guide", "link": "/guide/", "activeMatch": "/guide/" }]\n',
      'docs/index.md': '---\npageType: home\nhero:\n  name: Tiny\n---\n',
      'docs/guide/_meta.json': '["index", "more.md"]\n',
      'docs/guide/index.md': '# Guide\n\nSee [more](./more).\n',
      'docs/guide/more.md': '# More\n\nBack to [the guide](/guide/).\n',
      'docs/public/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    }
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(tiny, file)), { recursive: true })
      fs.writeFileSync(path.join(tiny, file), text)
    }
    const migrate = sheaf(['migrate', 'rspress', tiny, 'tiny'])
    expect(migrate.status, migrate.stderr).toBe(0)
    const out = path.join(work, 'tiny')
    expect(fs.readFileSync(path.join(out, 'docs/1.0/guide/more.md'), 'utf8')).toBe(files['docs/guide/more.md'])
    expect(fs.existsSync(path.join(out, 'docs/public/icon.svg'))).toBe(true)
    expect(npmInstall(out).status).toBe(0)
    const build = run('npm', ['run', 'build'], out)
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0)
    expect(`${build.stdout}${build.stderr}`).not.toMatch(/warning/)
    const more = fs.readFileSync(path.join(out, 'build/guide/more.html'), 'utf8')
    expect(more).toContain('href="/guide/"')
    expect(more).toContain('"nav":[{"text":"Guide","link":"/guide/","activeMatch":"/guide/"}]')
  }, 120_000)

  it('refuses a folder with files in it, and a folder without an Rspress config', () => {
    const again = sheaf(['migrate', 'rspress', fixture, 'widgets'])
    expect(again.status).not.toBe(0)
    expect(again.stderr).toMatch(/is not empty/)
    const none = sheaf(['migrate', 'rspress', work, 'other'])
    expect(none.stderr).toMatch(/No Rspress config in/)
  })
})
