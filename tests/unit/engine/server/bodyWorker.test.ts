import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadSite } from '../../../../engine/build.ts'
import { loadConfig } from '../../../../engine/config/loadConfig.ts'
import { BodyWorker } from '../../../../engine/server/bodyWorker.ts'
import { openOutline } from '../../../../engine/server/outlineSite.ts'
import type { SheafNode } from '../../../../engine/store/types.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const site = path.join(root, `tests/fixtures/.tmp-body-worker-${process.pid}`)
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
fs.rmSync(site, { recursive: true, force: true })
copyBasicFixture(site)
fs.writeFileSync(
  path.join(site, 'content/docs/coded.md'),
  '# Coded\n\n```ts title="a.ts" {1}\nconst a: number = 1\n```\n\n```bash\nnpm i\n```\n',
)
afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

const options = { mode: 'develop' as const, quiet: true, sink: quiet, cache: false, workers: false }
const fields = ['title', 'toc', 'anchors', 'rawBody', 'body', 'text', 'sections'] as const

describe("the dev server's body worker", () => {
  it("transforms the outline's bodies off the main thread, into the nodes a full load makes", async () => {
    const full = new Map(
      (await loadSite(site, options)).store.getNodesByType('Page').map((page) => [String(page.relativePath), page]),
    )
    const outline = await (await openOutline(site, options)).load()
    try {
      await outline.bodies.ensure([...outline.bodies.pending])
      // Every body came from the worker: this thread's processor never ran.
      expect(outline.bodies.usedProcessor).toBe(false)
      for (const page of outline.store.getNodesByType('Page')) {
        const expected = full.get(String(page.relativePath)) as SheafNode
        for (const field of fields)
          expect([page.relativePath, field, page[field]]).toEqual([page.relativePath, field, expected[field]])
        expect(page.internal.contentDigest).toBe(expected.internal.contentDigest)
      }
    } finally {
      outline.bodies.close()
    }
  }, 60_000)

  it('leaves a page it fails on to the main thread, which reports the located error', async () => {
    fs.writeFileSync(path.join(site, 'content/docs/broken.mdx'), '# Broken\n\n<Nope />\n')
    try {
      const outline = await (await openOutline(site, options)).load()
      try {
        const broken = outline.store
          .getNodesByType('Page')
          .find((page) => page.relativePath === 'docs/broken.mdx') as SheafNode
        await expect(outline.bodies.ensure([broken.id])).rejects.toMatchObject({
          name: 'SheafError',
          file: 'content/docs/broken.mdx',
          line: 3,
        })
        expect(outline.bodies.usedProcessor).toBe(true)
      } finally {
        outline.bodies.close()
      }
    } finally {
      fs.rmSync(path.join(site, 'content/docs/broken.mdx'))
    }
  }, 60_000)

  it('once closed, leaves the bodies to the main thread, with the same result', async () => {
    const outline = await (await openOutline(site, options)).load()
    outline.bodies.close()
    const coded = outline.store
      .getNodesByType('Page')
      .find((page) => page.relativePath === 'docs/coded.md') as SheafNode
    await outline.bodies.ensure([coded.id])
    expect(outline.bodies.usedProcessor).toBe(true)
    const full = (await loadSite(site, options)).store
      .getNodesByType('Page')
      .find((page) => page.relativePath === 'docs/coded.md') as SheafNode
    for (const field of fields) expect([field, coded[field]]).toEqual([field, full[field]])
  }, 60_000)

  it('warms its grammars while no page is asked for, and stops warming at the first page', async () => {
    const config = await loadConfig(site)
    const idle = new BodyWorker(config)
    const asked = new BodyWorker(config)
    try {
      const page = await asked.transform({
        key: 'page',
        source: '# Page\n\n```ts\nconst a = 1\n```\n',
        file: 'content/page.md',
        portable: false,
      })
      expect(page?.title).toBe('Page')
      // (The block sent before the page was asked for is the only one.)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(asked.warmedUp).toBeLessThanOrEqual(1)
      for (let wait = 0; wait < 100 && idle.warmedUp < 8; wait++)
        await new Promise((resolve) => setTimeout(resolve, 100))
      expect(idle.warmedUp).toBe(8)
    } finally {
      idle.close()
      asked.close()
    }
  }, 60_000)
})
