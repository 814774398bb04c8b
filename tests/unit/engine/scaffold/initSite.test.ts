import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// What `sheaf init` writes. That the site installs, builds, serves, hydrates and answers other
// commands outside this repository is tests/e2e/init/initSite.spec.ts.
const repo = path.resolve(import.meta.dirname, '../../../..')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-init-'))
const site = path.join(work, 'my-docs')
const run = (args: string[]) =>
  spawnSync(process.execPath, [path.join(repo, 'bin/sheaf.js'), ...args], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: '' },
    timeout: 60_000,
  })

afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe('sheaf init', () => {
  it('writes a config, a home page, two doc pages with their _meta.json and an icon, depending on this package', () => {
    const init = run(['init', 'my-docs'])
    expect(init.status, init.stderr).toBe(0)
    expect(init.stdout).toMatch(/npm install/)
    const files = fs.readdirSync(site, { recursive: true }).map(String).sort()
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'tsconfig.json',
        'site/config.ts',
        'content/1.0/index.md',
        'content/1.0/guide/_meta.json',
        'content/1.0/guide/introduction.md',
        'content/1.0/guide/writing-pages.md',
        'content/public/favicon.svg',
      ]),
    )
    const manifest = JSON.parse(fs.readFileSync(path.join(site, 'package.json'), 'utf8'))
    expect(manifest.dependencies.sheaf).toBe(`file:${path.relative(site, repo)}`)
    expect(manifest.scripts).toEqual({
      dev: 'sheaf dev',
      build: 'sheaf build',
      preview: 'sheaf preview',
      typegen: 'sheaf typegen',
      typecheck: 'sheaf typecheck',
    })
    // React is the site's peer, at the version Sheaf renders with, and resolved from Sheaf: nothing more to install.
    const engine = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'))
    expect(manifest.peerDependencies).toEqual({
      react: engine.dependencies.react,
      'react-dom': engine.dependencies['react-dom'],
    })
    expect(manifest.peerDependenciesMeta).toEqual({ react: { optional: true }, 'react-dom': { optional: true } })
    expect(Object.keys(manifest.dependencies)).toEqual(['sheaf'])
    const tsconfig = JSON.parse(fs.readFileSync(path.join(site, 'tsconfig.json'), 'utf8'))
    expect(tsconfig.compilerOptions).toMatchObject({
      jsx: 'react-jsx',
      moduleResolution: 'bundler',
      strict: true,
      allowImportingTsExtensions: true,
    })
    expect(fs.readFileSync(path.join(site, 'site/config.ts'), 'utf8')).toContain("theme: 'sheaf/theme'")
  })

  it('refuses a folder that has files in it', () => {
    const again = run(['init', 'my-docs'])
    expect(again.status).not.toBe(0)
    expect(again.stderr).toMatch(/is not empty/)
  })

  it('says so when the folder is a file, or lies under one', () => {
    fs.writeFileSync(path.join(work, 'notes.txt'), 'x')
    const onFile = run(['init', 'notes.txt'])
    expect(onFile.status).toBe(1)
    expect(onFile.stderr).toMatch(/`[^`]*notes\.txt` is a file, not a folder\./)
    const underFile = run(['init', 'notes.txt/docs'])
    expect(underFile.status).toBe(1)
    expect(underFile.stderr).toMatch(/Cannot create the site in `[^`]*notes\.txt\/docs`: ENOTDIR/)
    expect(underFile.stderr).toContain('Fix: give `sheaf init` a folder you can write to')
    expect(underFile.stderr).not.toContain('Unexpected error')
  })
})
