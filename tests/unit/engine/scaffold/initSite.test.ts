import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const repo = path.resolve(import.meta.dirname, '../../../..')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-init-'))
const site = path.join(work, 'my-docs')
const run = (command: string, args: string[], cwd: string) => spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NODE_ENV: '' }, timeout: 180_000 })

afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe('sheaf init', () => {
  it('writes a site outside the repository that npm install && npm run build builds, with working links and search', () => {
    const init = run(process.execPath, [path.join(repo, 'bin/sheaf.js'), 'init', 'my-docs'], work)
    expect(init.status, init.stderr).toBe(0)
    expect(init.stdout).toMatch(/npm install/)
    expect(JSON.parse(fs.readFileSync(path.join(site, 'package.json'), 'utf8')).dependencies.sheaf).toMatch(/^file:/)
    // The dependency is a link to this package, whose own packages are installed: no download.
    const install = run('npm', ['install', '--offline', '--no-audit', '--no-fund'], site)
    expect(install.status, install.stderr).toBe(0)
    const build = run('npm', ['run', 'build'], site)
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0)
    const out = path.join(site, 'build')
    expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('My docs')
    const intro = fs.readFileSync(path.join(out, 'guide/introduction.html'), 'utf8')
    expect(intro).toContain('href="/guide/writing-pages"')
    expect(fs.readdirSync(path.join(out, '_sheaf')).length).toBeGreaterThan(0)
    expect(fs.readdirSync(path.join(out, 'static')).some((name) => /^search_index\..*\.json$/.test(name))).toBe(true)
    // Another command in the same site: the data layer answers from its content.
    const query = run('npx', ['sheaf', 'query', '{ allPage { path title } }'], site)
    expect(query.status, query.stderr).toBe(0)
    expect(query.stdout).toContain('/guide/introduction')
  }, 240_000)

  it("types a site's config from the package's declarations (compiled, no TypeScript sources needed)", () => {
    // A deliberate mistake: the checker names the config's type, so `sheaf` resolved to its declarations, not to `any`.
    fs.writeFileSync(path.join(site, 'typed.ts'), "import config from './site/config.ts'\nconst wrong: number = config\nexport default wrong\n")
    fs.writeFileSync(path.join(site, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: true, allowImportingTsExtensions: true, types: [] }, files: ['typed.ts'] }))
    const check = run(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', '.'], site)
    expect(check.stdout).toMatch(/typed\.ts\(2,7\): error TS2322: Type 'UserConfig' is not assignable to type 'number'/)
    expect(check.stdout.split('\n').filter((line) => line.includes('error'))).toHaveLength(1)
  }, 120_000)

  it('refuses a folder that has files in it', () => {
    const again = run(process.execPath, [path.join(repo, 'bin/sheaf.js'), 'init', 'my-docs'], work)
    expect(again.status).not.toBe(0)
    expect(again.stderr).toMatch(/is not empty/)
  })
})
