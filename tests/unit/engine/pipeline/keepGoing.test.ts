import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'

// `--keep-going`: a site builds what it can. The broken-input fixtures have pages that build
// beside pages that do not; each broken file is listed with its place, the rest are written.
const root = path.resolve(import.meta.dirname, '../../../..')
const brokenDir = path.join(root, 'tests/fixtures/broken')
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
const options = { configFile: '../config.ts', sink: quiet, cache: false, workers: false }

describe('a build that keeps going', () => {
  it('renders every page that has no error and returns each broken file with its place', async () => {
    const result = await build(path.join(brokenDir, 'many-errors'), { ...options, write: false, keepGoing: true })
    expect(result.pages.map((page) => page.path)).toEqual(['/', '/404'])
    expect(result.errors.map((error) => error.location?.replace(/:\d+$/, ''))).toEqual([
      'content/docs/a.md:2',
      'content/docs/b.mdx:7',
      'content/docs/c.mdx:7',
    ])
    expect(result.errors[1].message).toMatch(/Unknown component `<Carousel>`/)
  })

  it('lists dead links as errors of the pages that hold them, which are written', async () => {
    const result = await build(path.join(brokenDir, 'dead-links'), { ...options, write: false, keepGoing: true })
    expect(result.pages.map((page) => page.path).sort()).toEqual(['/', '/404', '/other'])
    expect(result.errors.map((error) => `${error.location} ${error.message}`)).toEqual([
      expect.stringMatching(/^content\/index\.md:3:5 Dead link `\.\/nothing\.md`: no page at that path/),
      expect.stringMatching(
        /^content\/index\.md:3:\d+ Dead link `\.\/other\.md#nope`: content\/other\.md has no heading with id "nope"/,
      ),
    ])
  })

  it('without it, the same site fails whole', async () => {
    await expect(build(path.join(brokenDir, 'many-errors'), { ...options, write: false })).rejects.toThrow(
      /3 files have errors/,
    )
  })

  it('replaces the output with the pages that built', async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-keep-going-')), 'build')
    try {
      await build(path.join(brokenDir, 'many-errors'), { ...options, outDir: out, keepGoing: true })
      fs.mkdirSync(path.join(out, 'docs'))
      fs.writeFileSync(path.join(out, 'docs/a.html'), 'previous build')
      const result = await build(path.join(brokenDir, 'many-errors'), { ...options, outDir: out, keepGoing: true })
      expect(result.errors).toHaveLength(3)
      expect(fs.readFileSync(path.join(out, 'index.html'), 'utf8')).toContain('</html>')
      // The previous build's page of a file now broken is gone: the output is one build, never two mixed.
      expect(fs.existsSync(path.join(out, 'docs/a.html'))).toBe(false)
    } finally {
      fs.rmSync(path.dirname(out), { recursive: true, force: true })
    }
  }, 60_000)

  it('`sheaf build --keep-going` lists the broken files with file:line and exits 1', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-keep-going-cli-'))
    try {
      const cli = spawnSync(
        process.execPath,
        [path.join(root, 'bin/sheaf.js'), 'build', '--config', '../config.ts', '--out', out, '--quiet', '--keep-going'],
        { cwd: path.join(brokenDir, 'many-errors'), encoding: 'utf8' },
      )
      expect(cli.status).toBe(1)
      expect(cli.stderr).toMatch(
        /3 files have errors:\ncontent\/docs\/a\.md:2:\d+\n[\s\S]*content\/docs\/b\.mdx:7:1\n[\s\S]*content\/docs\/c\.mdx:7:1\n/,
      )
      expect(cli.stderr).toMatch(/--keep-going: 2 pages written/)
      expect(fs.existsSync(path.join(out, 'index.html'))).toBe(true)
    } finally {
      fs.rmSync(out, { recursive: true, force: true })
    }
  }, 60_000)
})
