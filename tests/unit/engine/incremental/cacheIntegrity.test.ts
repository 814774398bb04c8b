import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { readCacheEntry, sealCacheEntry, writeCacheEntry } from '../../../../engine/incremental/cacheEntry.ts'
import { cachedBundle } from '../../../../engine/incremental/bundleCache.ts'
import { bundleCacheDir } from '../../../../engine/incremental/cacheDirs.ts'
import { PersistentCache } from '../../../../engine/incremental/persistentCache.ts'
import { createMarkdownCache } from '../../../../engine/sources/markdownCache.ts'
import type { MarkdownResult } from '../../../../engine/markdown/processor.ts'
import { outputTree } from '../outputTree.ts'
import { addFixturePlugins, copyBasicFixture } from '../../../copyBasicFixture.ts'

// Issue 19: a truncated cache entry was never repaired: a truncated social card shipped, and a
// truncated bundle `assets.json` or markdown entry failed every later build. Every entry is now
// written atomically with its length and digest, and one that is not intact is a miss.

const root = path.resolve(import.meta.dirname, '../../../..')
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-cache-integrity-'))
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }))

/** Cuts a file to `keep` of its bytes (default: half). */
function truncate(file: string, keep = Math.floor(fs.statSync(file).size / 2)): void {
  fs.truncateSync(file, keep)
}

/** Every file under `dir` with this ending. */
function filesEndingWith(dir: string, ending: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ending))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

describe('a cache entry', () => {
  it('reads back whole, and is a miss when cut short, damaged, or of no known layout', () => {
    const file = path.join(temp, 'entries', 'a.bin')
    const content = Buffer.from('\u0089PNG\r\n\u001a\n some bytes of an image '.repeat(40), 'latin1')
    writeCacheEntry(file, content)
    expect(readCacheEntry(file)?.equals(content)).toBe(true)
    const whole = fs.readFileSync(file)
    for (const keep of [0, 1, 20, whole.length - 1]) {
      fs.writeFileSync(file, whole.subarray(0, keep))
      expect(readCacheEntry(file), `cut to ${keep} bytes`).toBeNull()
    }
    const flipped = Buffer.from(whole)
    flipped[flipped.length - 3] ^= 1
    fs.writeFileSync(file, flipped)
    expect(readCacheEntry(file)).toBeNull()
    fs.writeFileSync(file, content)
    expect(readCacheEntry(file)).toBeNull()
    expect(readCacheEntry(path.join(temp, 'entries', 'missing'))).toBeNull()
    expect(sealCacheEntry('x').toString()).toMatch(/^sheaf-cache-1 1 \S+\nx$/)
  })

  it('a PersistentCache file cut short is a miss, not an error', () => {
    const file = path.join(temp, 'persistent', 'v1.json')
    const cache = new PersistentCache<string>(file)
    cache.set('a', 'one')
    cache.save()
    expect(new PersistentCache<string>(file).get('a')).toBe('one')
    truncate(file)
    expect(new PersistentCache<string>(file).get('a')).toBeUndefined()
  })

  it('a markdown entry whose main or body file is cut short is a miss, not an error later', async () => {
    const dir = path.join(temp, 'markdown')
    const result = {
      title: 'T',
      frontmatter: {},
      toc: [],
      anchors: [],
      warnings: [],
      body: { type: 'root', children: [{ type: 'text', value: 'body '.repeat(200) }] },
      text: 'text '.repeat(200),
      sections: [{ id: 'a', text: 'section '.repeat(100) }],
    } as unknown as MarkdownResult
    const write = createMarkdownCache({ dir, salt: 's', keepInMemory: false })
    const key = write.key('source', 'content/a.md')
    write.set(key, result)
    await write.flush()
    const fresh = () => createMarkdownCache({ dir, salt: 's', keepInMemory: false })
    expect(fresh().get(key)?.text).toBe(result.text)
    const [main] = filesEndingWith(dir, `${key}.json`)
    const [body] = filesEndingWith(dir, `${key}.body.json`)
    const mainBytes = fs.readFileSync(main)
    const bodyBytes = fs.readFileSync(body)
    truncate(body)
    expect(fresh().get(key)).toBeUndefined()
    fs.writeFileSync(body, bodyBytes)
    truncate(main, mainBytes.length - 10)
    expect(fresh().get(key)).toBeUndefined()
    // Stored again after the miss, it reads back.
    const again = fresh()
    again.set(key, result)
    await again.flush()
    expect(fresh().get(key)?.sections).toEqual(result.sections)
  })

  it('a bundle whose manifest or a file is cut short is made again', async () => {
    const cacheDir = path.join(temp, 'bundle-cache')
    let runs = 0
    const make = (outDir: string) => async () => {
      runs++
      fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true })
      fs.writeFileSync(path.join(outDir, 'assets', 'entry.js'), 'console.log("the whole entry")\n'.repeat(50))
      return { entry: '/assets/entry.js', css: [], templateChunks: {}, bundle: 'b1' }
    }
    const into = (name: string) => {
      const dir = path.join(temp, name)
      fs.mkdirSync(dir, { recursive: true })
      return dir
    }
    const bundles = path.join(cacheDir, 'bundle')
    const first = into('bundle-1')
    await cachedBundle(bundles, 'k', first, make(first))
    const second = into('bundle-2')
    expect((await cachedBundle(bundles, 'k', second, make(second))).reused).toBe(true)
    expect(runs).toBe(1)
    truncate(path.join(bundles, 'k', 'assets.json'))
    const third = into('bundle-3')
    expect((await cachedBundle(bundles, 'k', third, make(third))).reused).toBe(false)
    expect(runs).toBe(2)
    truncate(filesEndingWith(path.join(bundles, 'k', 'files'), 'entry.js')[0])
    const fourth = into('bundle-4')
    expect((await cachedBundle(bundles, 'k', fourth, make(fourth))).reused).toBe(false)
    expect(fs.readFileSync(path.join(fourth, 'assets', 'entry.js'), 'utf8')).toBe(
      fs.readFileSync(path.join(first, 'assets', 'entry.js'), 'utf8'),
    )
  })
})

describe('a build over a damaged cache', () => {
  // A copy inside the project (its config resolves `sheaf`), with social cards.
  const site = path.join(root, `tests/fixtures/.tmp-cache-integrity-${process.pid}`)
  const cache = path.join(site, '.sheaf-cache')
  beforeAll(() => {
    fs.rmSync(site, { recursive: true, force: true })
    copyBasicFixture(site)
    addFixturePlugins(site, { sidebar: 'sidebar()', 'social-cards': 'socialCards()' })
  })
  afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

  it('repairs truncated social cards, bundle manifest and markdown entries, and builds what a clean build does', async () => {
    const startedAt = Date.now() - 1000
    const clean = path.join(temp, 'site-clean')
    const cached = path.join(temp, 'site-cached')
    await build(site, { outDir: clean, sink: quiet, workers: false, cache: false })
    await build(site, { outDir: cached, sink: quiet, workers: false })
    const cards = filesEndingWith(path.join(cache, 'social-cards'), '.png')
    expect(cards.length).toBeGreaterThan(0)
    for (const card of cards) truncate(card)
    // Bundles live in node_modules/.cache (see bundleCacheDir): the ones this test's builds wrote.
    const bundles = bundleCacheDir(site, undefined) as string
    const manifests = filesEndingWith(bundles, 'assets.json').filter((file) => fs.statSync(file).mtimeMs >= startedAt)
    expect(manifests.length).toBeGreaterThan(0)
    for (const manifest of manifests) truncate(manifest)
    for (const entry of filesEndingWith(path.join(cache, 'markdown'), '.json')) truncate(entry)
    // The page cache's manifest too (its name depends on the output folder).
    for (const manifest of fs.readdirSync(cache).filter((name) => name.startsWith('pages-')))
      truncate(path.join(cache, manifest))
    const repaired = await build(site, { outDir: cached, sink: quiet, workers: false })
    expect(repaired.pages.length).toBeGreaterThan(0)
    expect(outputTree(cached)).toEqual(outputTree(clean))
    const pngs = filesEndingWith(cached, '.png')
    expect(pngs.length).toBeGreaterThan(0)
    for (const png of pngs) expect(fs.readFileSync(png).subarray(-8).toString('latin1'), png).toContain('IEND')
    // The entries were written again, whole: the next build reads them.
    for (const card of filesEndingWith(path.join(cache, 'social-cards'), '.png'))
      expect(fs.readFileSync(card).subarray(-8).toString('latin1'), card).toContain('IEND')
  }, 180_000)

  it("draws no card again after a page body edit (a card is keyed by what it shows), and draws a retitled page's", async () => {
    const out = path.join(temp, 'site-edit')
    await build(site, { outDir: out, sink: quiet, workers: false })
    const guide = path.join(site, 'content/docs/guide.md')
    const logged = async () => {
      const lines: string[] = []
      await build(site, {
        outDir: out,
        sink: { ...quiet, log: (line: string) => void lines.push(line) },
        workers: false,
      })
      return lines.join('\n')
    }
    fs.appendFileSync(guide, '\n\nA sentence added to the body.\n')
    expect(await logged()).toMatch(/\[social-cards\] 0 social cards drawn/)
    fs.writeFileSync(guide, fs.readFileSync(guide, 'utf8').replace(/^title: .*$/m, 'title: A new title'))
    expect(await logged()).toMatch(/\[social-cards\] 1 social card drawn/)
  }, 180_000)
})
