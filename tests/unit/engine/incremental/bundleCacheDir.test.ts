import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cachedBundle } from '../../../../engine/incremental/bundleCache.ts'
import { bundleCacheDir, themeCacheDir } from '../../../../engine/incremental/cacheDirs.ts'

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-bundle-cache-'))
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }))

const assets = (bundle: string) => ({ entry: '/assets/entry.js', css: [], templateChunks: {}, bundle })

describe('where client bundles are kept', () => {
  it('is node_modules/.cache/sheaf/bundle nearest the site, so clearing .sheaf-cache keeps them', () => {
    const project = path.join(temp, 'project')
    const site = path.join(project, 'docs', 'site')
    fs.mkdirSync(path.join(project, 'node_modules'), { recursive: true })
    fs.mkdirSync(site, { recursive: true })
    expect(bundleCacheDir(site, undefined)).toBe(path.join(project, 'node_modules', '.cache', 'sheaf', 'bundle'))
    fs.mkdirSync(path.join(site, 'node_modules'))
    expect(bundleCacheDir(site, undefined)).toBe(path.join(site, 'node_modules', '.cache', 'sheaf', 'bundle'))
  })

  it(
    "keeps the theme's server bundles beside them, in node_modules/.cache/sheaf/theme, " +
      "or in the site's cache without node_modules",
    () => {
      const project = path.join(temp, 'themes')
      fs.mkdirSync(path.join(project, 'node_modules'), { recursive: true })
      expect(themeCacheDir(project, undefined)).toBe(path.join(project, 'node_modules', '.cache', 'sheaf', 'theme'))
      const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-no-modules-'))
      try {
        expect(themeCacheDir(bare, undefined)).toBe(path.join(bare, '.sheaf-cache', 'theme'))
      } finally {
        fs.rmSync(bare, { recursive: true, force: true })
      }
    },
  )

  it('is nowhere when the build keeps no cache', () => {
    expect(bundleCacheDir(temp, false)).toBeNull()
    expect(themeCacheDir(temp, false)).toBeNull()
  })

  it('keeps the eight most recently used bundles, the one just used among them', async () => {
    const bundles = path.join(temp, 'bundles')
    const make = (name: string) => async () => {
      const out = path.join(temp, 'out', name)
      fs.mkdirSync(path.join(out, 'assets'), { recursive: true })
      fs.writeFileSync(path.join(out, 'assets', 'entry.js'), `// ${name}\n`)
      return assets(name)
    }
    const outOf = (name: string) => {
      const out = path.join(temp, 'out', name)
      fs.mkdirSync(out, { recursive: true })
      return out
    }
    for (let index = 0; index < 8; index++) {
      const key = `k${index}`
      await cachedBundle(bundles, key, outOf(key), make(key))
      // Distinct use times, oldest first.
      const at = new Date(Date.now() - (10 - index) * 60_000)
      fs.utimesSync(path.join(bundles, key), at, at)
    }
    // Using k0 again makes it the newest; then a ninth bundle pushes out the oldest unused one (k1).
    const reused = await cachedBundle(bundles, 'k0', outOf('k0-again'), make('never'))
    expect(reused).toMatchObject({ reused: true, assets: { bundle: 'k0' } })
    await cachedBundle(bundles, 'k8', outOf('k8'), make('k8'))
    expect(fs.readdirSync(bundles).sort()).toEqual(['k0', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8'])
  })
})
