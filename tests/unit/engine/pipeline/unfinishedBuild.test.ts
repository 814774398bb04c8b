import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// Issue 19: a plugin hook whose promise never settles empties the event loop; the build must
// then exit non-zero, name the hook, and leave no staging folder (it exited 0 with no site).

const root = path.resolve(import.meta.dirname, '../../../..')
// Inside the project (its config resolves `sheaf`); the output goes to the system's temp folder.
const site = path.join(root, `tests/fixtures/.tmp-unfinished-build-${process.pid}`)
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-unfinished-'))

fs.rmSync(site, { recursive: true, force: true })
fs.mkdirSync(path.join(site, 'content'), { recursive: true })
fs.writeFileSync(path.join(site, 'content/index.md'), '---\ntitle: Home\n---\n\n# Home\n\nText.\n')

afterAll(() => {
  fs.rmSync(site, { recursive: true, force: true })
  fs.rmSync(temp, { recursive: true, force: true })
})

function configWith(name: string, plugin: string): string {
  const file = `config-${name}.ts`
  fs.writeFileSync(
    path.join(site, file),
    `import path from 'node:path'
import { defineConfig } from 'sheaf'
import { files } from 'sheaf/plugins/files'

const theme = path.resolve(import.meta.dirname, '../basic/site/theme')

export default defineConfig({
  title: 'Unfinished',
  theme: { templates: { doc: path.join(theme, 'Doc.tsx') } },
  plugins: [files({ lastUpdated: false }), ${plugin}],
})
`,
  )
  return file
}

describe('a build that can never finish', () => {
  for (const hook of ['createPages', 'onPostBuild']) {
    it(`exits 1 naming the plugin and hook when \`${hook}\` never settles, and removes its staging folder`, () => {
      const config = configWith(hook, `{ name: 'stuck', ${hook}() { return new Promise(() => {}) } }`)
      const out = path.join(temp, hook, 'out')
      const result = spawnSync(
        process.execPath,
        [path.join(root, 'bin/sheaf.js'), 'build', '--config', config, '--out', out, '--quiet'],
        { cwd: site, encoding: 'utf8', timeout: 90_000 },
      )
      expect(result.status, result.stderr).toBe(1)
      expect(result.stderr).toContain(`[stuck] ${hook}:`)
      expect(result.stderr).toMatch(/returned a promise that never settles/)
      expect(fs.existsSync(out)).toBe(false)
      expect(fs.existsSync(path.dirname(out)) ? fs.readdirSync(path.dirname(out)) : []).toEqual([])
    }, 120_000)
  }

  it('exits 1 naming the plugin when a promise handed to `waitUntil` never settles', () => {
    const config = configWith(
      'wait-forever',
      `{ name: 'stuck', onPostBuild({ waitUntil }) { waitUntil(new Promise(() => {})) } }`,
    )
    const out = path.join(temp, 'wait-forever', 'out')
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'bin/sheaf.js'), 'build', '--config', config, '--out', out, '--quiet'],
      { cwd: site, encoding: 'utf8', timeout: 90_000 },
    )
    expect(result.status, result.stderr).toBe(1)
    expect(result.stderr).toContain('[stuck] waitUntil:')
    expect(result.stderr).toMatch(/handed to `waitUntil` in `onPostBuild` never settles/)
  }, 120_000)

  it('still exits 0 when the hooks settle', () => {
    const config = configWith(
      'fine',
      `{ name: 'slow', async onPostBuild() { await new Promise((resolve) => setTimeout(resolve, 50)) } }`,
    )
    const out = path.join(temp, 'fine', 'out')
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'bin/sheaf.js'), 'build', '--config', config, '--out', out, '--quiet'],
      { cwd: site, encoding: 'utf8', timeout: 90_000 },
    )
    expect(result.status, result.stderr).toBe(0)
    expect(fs.existsSync(path.join(out, 'index.html'))).toBe(true)
  }, 120_000)
})

describe('work handed to `waitUntil` in `onPostBuild`', () => {
  it('commits the output while the work handed to `waitUntil` runs, and ends once it settles', () => {
    const out = path.join(temp, 'wait-a-bit', 'out')
    const marker = path.join(temp, 'wait-a-bit.txt')
    const later =
      `new Promise((resolve) => setTimeout(resolve, 500)).then(() => import('node:fs')).then((fs) ` +
      `=> fs.writeFileSync(${JSON.stringify(marker)}, ` +
      `String(fs.existsSync(${JSON.stringify(path.join(out, 'index.html'))}))))`
    const config = configWith('wait-a-bit', `{ name: 'later', onPostBuild({ waitUntil }) { waitUntil(${later}) } }`)
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'bin/sheaf.js'), 'build', '--config', config, '--out', out, '--quiet'],
      { cwd: site, encoding: 'utf8', timeout: 90_000 },
    )
    expect(result.status, result.stderr).toBe(0)
    // Written by the task, which the build waited for: the output was in place by then.
    expect(fs.readFileSync(marker, 'utf8')).toBe('true')
  }, 120_000)

  it('warns, and still succeeds, when the work handed to `waitUntil` fails', () => {
    const config = configWith(
      'wait-fails',
      `{ name: 'flaky-cache', onPostBuild({ waitUntil }) { waitUntil(Promise.reject(new Error('disk full'))) } }`,
    )
    const out = path.join(temp, 'wait-fails', 'out')
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'bin/sheaf.js'), 'build', '--config', config, '--out', out, '--quiet'],
      { cwd: site, encoding: 'utf8', timeout: 90_000 },
    )
    expect(result.status, result.stderr).toBe(0)
    expect(result.stderr + result.stdout).toMatch(/flaky-cache.*waitUntil failed: disk full/)
    expect(fs.existsSync(path.join(out, 'index.html'))).toBe(true)
  }, 120_000)
})
