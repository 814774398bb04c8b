import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { addFixturePlugins, copyBasicFixture } from '../../../copyBasicFixture.ts'
import { outputTree } from '../../engine/outputTree.ts'

// Issue 22: each page's card facts (title, version, sidebar section) are kept between builds with
// what their queries read (PagesApi.reuse, engine/incremental/queryMemo.ts), so a one-page rebuild
// no longer asks for a thousand sidebars. A section renamed in `_meta.json`, a memo damaged or
// removed: the cards are still those of a clean build.

const root = path.resolve(import.meta.dirname, '../../../..')
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-card-facts-'))
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
const site = path.join(root, `tests/fixtures/.tmp-card-facts-${process.pid}`)
const out = path.join(temp, 'out')
const clean = path.join(temp, 'clean')
const memo = path.join(site, '.sheaf-cache/queries.json')
const meta = path.join(site, 'content/_meta.json')
const section = (label: string) => JSON.stringify(['index', { type: 'dir', name: 'docs', label }])
const guideCard = path.join(out, 'og/docs/guide.png')

async function rebuild(outDir = out, cache = true): Promise<string> {
  const lines: string[] = []
  await build(site, { outDir, cache, sink: { ...quiet, log: (line: string) => void lines.push(line) }, workers: false })
  return lines.join('\n')
}

/** The output of a build from no cache at all, compared file by file with the rebuilt one. */
async function expectSameAsCleanBuild(): Promise<void> {
  fs.rmSync(clean, { recursive: true, force: true })
  await rebuild(clean, false)
  expect(outputTree(out)).toEqual(outputTree(clean))
}

beforeAll(() => {
  copyBasicFixture(site)
  addFixturePlugins(site, { sidebar: 'sidebar()', 'social-cards': 'socialCards()' })
  fs.writeFileSync(meta, section('Using it'))
  fs.writeFileSync(path.join(site, 'content/docs/_meta.json'), JSON.stringify(['guide', 'api']))
})
afterAll(() => {
  fs.rmSync(site, { recursive: true, force: true })
  fs.rmSync(temp, { recursive: true, force: true })
})

describe('social card facts kept between builds', () => {
  it('redraws the cards of a section renamed while no build ran, and nothing after a body edit', async () => {
    await rebuild()
    expect(fs.existsSync(memo)).toBe(true)
    const before = fs.readFileSync(guideCard)
    fs.appendFileSync(path.join(site, 'content/docs/guide.md'), '\n\nA sentence added to the body.\n')
    expect(await rebuild()).toMatch(/\[social-cards\] 0 social cards drawn/)

    fs.writeFileSync(meta, section('Renamed'))
    expect(await rebuild()).toMatch(/\[social-cards\] 2 social cards drawn/)
    expect(fs.readFileSync(guideCard).equals(before)).toBe(false)
    await expectSameAsCleanBuild()
  }, 180_000)

  it('builds the same cards from a damaged, cut-short or missing memo', async () => {
    await rebuild()
    const whole = fs.readFileSync(memo, 'utf8')
    for (const damaged of [whole.replace('docs', 'dOcs'), whole.slice(0, whole.length / 2), null]) {
      if (damaged === null) fs.rmSync(memo)
      else fs.writeFileSync(memo, damaged)
      fs.writeFileSync(meta, section(`Section ${damaged?.length}`))
      await rebuild()
      await expectSameAsCleanBuild()
    }
  }, 180_000)
})
