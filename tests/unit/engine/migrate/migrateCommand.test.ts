import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const repo = path.resolve(import.meta.dirname, '../../../..')
const fixture = path.join(repo, 'tests/fixtures/rspress-site')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-migrate-'))
const run = (command: string, args: string[], cwd: string) =>
  spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_ENV: '' }, timeout: 180_000 })
const sheaf = (args: string[], cwd = work) => run(process.execPath, [path.join(repo, 'bin/sheaf.js'), ...args], cwd)
/**
 * `npm install` in a migrated site links this checkout (`"sheaf": "file:..."`). Scripts are skipped:
 * npm would otherwise run the checkout's own `prepare` (a full compile with type declarations,
 * about 30 s) on every install, while the test setup has already compiled this checkout.
 */
const npmInstall = (cwd: string) =>
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], cwd)

afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

// The Rspress fixture's migration, install and build (what it reports, copies and builds, and that
// a dead page link still fails the build) is checked once, by the end-to-end test that serves the
// migrated site: tests/e2e/migrate/rspressSite.spec.ts.
describe('sheaf migrate rspress', () => {
  it('gives a site without versions or languages one version folder, its root _meta.json the navbar', () => {
    const tiny = path.join(work, 'tiny-rspress')
    const files: Record<string, string> = {
      'rspress.config.ts':
        "import * as path from 'path';\nimport { defineConfig } from 'rspress/config';\n" +
        "export default defineConfig({ root: path.join(__dirname, 'docs'), title: 'Tiny', icon: " +
        "'/icon.svg' });\n",
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
    fs.mkdirSync(path.join(work, 'taken'))
    fs.writeFileSync(path.join(work, 'taken/notes.txt'), 'mine')
    const again = sheaf(['migrate', 'rspress', fixture, 'taken'])
    expect(again.status).not.toBe(0)
    expect(fs.readdirSync(path.join(work, 'taken'))).toEqual(['notes.txt'])
    expect(again.stderr).toMatch(/is not empty/)
    const none = sheaf(['migrate', 'rspress', work, 'other'])
    expect(none.stderr).toMatch(/No Rspress config in/)
  })
})
