import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { addFixturePlugins, copyBasicFixture } from '../../../copyBasicFixture.ts'

// Issue 22: a rebuild read, verified and wrote every cached card again (1,000 cards: 76-112 MB).
// A card the previous build of the same output folder had is now hard-linked from it; the cache
// is only copied from, so damage to it never reaches a built site.

const root = path.resolve(import.meta.dirname, '../../../..')
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-card-reuse-'))
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
const site = path.join(root, `tests/fixtures/.tmp-card-reuse-${process.pid}`)
const out = path.join(temp, 'out')
const guide = path.join(site, 'content/docs/guide.md')
const card = (file: string) => path.join(out, 'og', file)

async function rebuild(): Promise<string> {
  const lines: string[] = []
  await build(site, { outDir: out, sink: { ...quiet, log: (line: string) => void lines.push(line) }, workers: false })
  return lines.join('\n')
}

beforeAll(() => {
  copyBasicFixture(site)
  addFixturePlugins(site, { sidebar: 'sidebar()', 'social-cards': 'socialCards()' })
})
afterAll(() => {
  fs.rmSync(site, { recursive: true, force: true })
  fs.rmSync(temp, { recursive: true, force: true })
})

describe('social cards on a rebuild', () => {
  it("links unchanged cards from the previous output, and draws a retitled page's anew", async () => {
    await rebuild()
    const files = fs
      .readdirSync(path.join(out, 'og'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.png'))
    expect(files.length).toBeGreaterThan(1)
    const before = new Map(files.map((file) => [file, fs.statSync(card(file)).ino]))
    const guideCard = files.find((file) => file.endsWith('guide.png')) as string
    fs.appendFileSync(guide, '\n\nA sentence added to the body.\n')
    expect(await rebuild()).toMatch(/\[social-cards\] 0 social cards drawn/)
    // The same files (same inodes): neither read nor written again.
    for (const [file, inode] of before) expect(fs.statSync(card(file)).ino, file).toBe(inode)

    const old = fs.readFileSync(card(guideCard))
    fs.writeFileSync(guide, fs.readFileSync(guide, 'utf8').replace(/^title: .*$/m, 'title: A new title'))
    expect(await rebuild()).toMatch(/\[social-cards\] 1 social card drawn/)
    expect(fs.statSync(card(guideCard)).ino).not.toBe(before.get(guideCard))
    expect(fs.readFileSync(card(guideCard)).equals(old)).toBe(false)
  }, 180_000)

  it('never ships a card cut short in the previous output or the cache, and keeps cache damage out of the site', async () => {
    await rebuild()
    const files = fs
      .readdirSync(path.join(out, 'og'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.png'))
    const whole = new Map(files.map((file) => [file, fs.readFileSync(card(file))]))
    // Someone cuts the built cards short: the next build does not link them, and places them whole from the cache.
    for (const file of files) fs.truncateSync(card(file), 100)
    await rebuild()
    for (const [file, bytes] of whole) expect(fs.readFileSync(card(file)).equals(bytes), file).toBe(true)
    // The cache's cards cut short: the built site keeps its whole cards, and the cache is repaired.
    const cacheDir = path.join(site, '.sheaf-cache/social-cards')
    const cached = fs.readdirSync(cacheDir).filter((name) => name.endsWith('.png'))
    expect(cached.length).toBe(files.length)
    for (const name of cached) fs.truncateSync(path.join(cacheDir, name), 100)
    for (const [file, bytes] of whole) expect(fs.readFileSync(card(file)).equals(bytes), file).toBe(true)
    await rebuild()
    for (const [file, bytes] of whole) expect(fs.readFileSync(card(file)).equals(bytes), file).toBe(true)
    for (const name of cached) expect(fs.statSync(path.join(cacheDir, name)).size).toBeGreaterThan(100)
  }, 180_000)
  it('ships every card when the cache cannot take them (its folder is a file): the workers send them back instead', async () => {
    await rebuild()
    const files = fs
      .readdirSync(path.join(out, 'og'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.png'))
    const whole = new Map(files.map((file) => [file, fs.readFileSync(card(file))]))
    const cacheDir = path.join(site, '.sheaf-cache/social-cards')
    fs.rmSync(cacheDir, { recursive: true, force: true })
    fs.writeFileSync(cacheDir, 'not a folder')
    fs.rmSync(out, { recursive: true, force: true })
    try {
      expect(await rebuild()).toMatch(new RegExp(`\\[social-cards\\] ${files.length} social cards drawn`))
      for (const [file, bytes] of whole) expect(fs.readFileSync(card(file)).equals(bytes), file).toBe(true)
    } finally {
      fs.rmSync(cacheDir, { force: true })
    }
  }, 180_000)
})
