import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadSite } from '../../../../engine/build.ts'
import { readKey } from '../../../../engine/incremental/readKey.ts'
import type { BodyWorker } from '../../../../engine/server/bodyWorker.ts'
import { openOutline } from '../../../../engine/server/outlineSite.ts'
import { PageBodies } from '../../../../engine/server/pageBodies.ts'
import type { SheafNode } from '../../../../engine/store/types.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
const site = path.join(root, `tests/fixtures/.tmp-page-bodies-${process.pid}`)
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
fs.rmSync(site, { recursive: true, force: true })
copyBasicFixture(site)
// Pages whose outline the source alone reads differently from the parser: a title from a
// heading with inline markup, and front-matter only the YAML parser reads.
fs.writeFileSync(
  path.join(site, 'content/docs/marked.md'),
  '# The *marked* `page`\n\nSee the [guide](./guide.md#install).\n\n## Usage\n\n```ts\nconst a = 1\n```\n',
)
fs.writeFileSync(
  path.join(site, 'content/docs/listed.md'),
  '---\ntitle: Listed\ntags: [a, b]\n---\n\n# Listed\n\nText.\n',
)
afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

const options = { mode: 'develop' as const, quiet: true, sink: quiet, cache: false, workers: false }
const fields = [
  'path',
  'title',
  'description',
  'pageType',
  'frontmatter',
  'toc',
  'anchors',
  'rawBody',
  'body',
  'text',
  'sections',
] as const
const byFile = (pages: SheafNode[]) => new Map(pages.map((page) => [String(page.relativePath), page]))

describe('outline pages and their bodies on demand', () => {
  it('give every page its route and title first, and once its body is asked for, the node a full load makes', async () => {
    const full = byFile((await loadSite(site, options)).store.getNodesByType('Page'))
    const outline = await (await openOutline(site, options)).load()
    const pages = byFile(outline.store.getNodesByType('Page'))
    expect([...pages.keys()].sort()).toEqual([...full.keys()].sort())
    for (const [file, page] of pages) {
      expect(page.path).toBe(full.get(file)?.path)
      expect(page.body).toEqual({ type: 'root', children: [] })
    }
    expect(outline.bodies.pending.size).toBe(pages.size)

    const guide = pages.get('docs/guide.md') as SheafNode
    await outline.bodies.ensure(outline.bodies.pendingAt(String(guide.path)))
    expect(outline.bodies.pending.has(guide.id)).toBe(false)
    expect(outline.bodies.pending.size).toBe(pages.size - 1)

    await outline.bodies.ensure([...outline.bodies.pending])
    for (const [file, page] of pages) {
      const expected = full.get(file) as SheafNode
      for (const field of fields) expect([file, field, page[field]]).toEqual([file, field, expected[field]])
      // The very node: a full load swapped in later finds it unchanged.
      expect([file, page.internal.contentDigest]).toEqual([file, expected.internal.contentDigest])
    }
  }, 60_000)

  it('names the pages whose bodies a query read, not those whose titles it read', async () => {
    const outline = await (await openOutline(site, options)).load()
    const [first, second, third] = outline.store.getNodesByType('Page')
    const reads = [readKey(first!.id, ['title', 'path']), readKey(second!.id), readKey(third!.id, ['title', 'toc'])]
    expect(outline.bodies.demandedBy(reads).sort()).toEqual([second!.id, third!.id].sort())
    await outline.bodies.ensure([second!.id])
    expect(outline.bodies.demandedBy(reads)).toEqual([third!.id])
  }, 60_000)

  it(
    'starts the worker on a page asked for before the outline is done, ' +
      'and takes its result when the page is served',
    async () => {
      const full = byFile((await loadSite(site, options)).store.getNodesByType('Page'))
      const outline = await (await openOutline(site, options)).load()
      const calls: string[] = []
      // A worker that transforms as the real one does (the same processor), and says when it is asked.
      const worker = {
        transform: async (job: { source: string; file: string; portable: boolean }) => {
          calls.push(job.file)
          return outline.session.processor.process({
            source: job.source,
            file: job.file,
            mdx: false,
            portable: job.portable,
          })
        },
        close: () => undefined,
      } as unknown as BodyWorker
      const { config } = outline
      const bodies = new PageBodies(
        outline.store,
        outline.session,
        { base: config.base, publicDir: config.publicDir, root: config.root, lang: config.lang },
        worker,
      )
      const guide = byFile(outline.store.getNodesByType('Page')).get('docs/guide.md') as SheafNode
      bodies.prefetch([String(guide.path), '/no/such/page', String(guide.path)])
      expect(calls).toEqual([guide.sourcePath])
      // Nothing in the store changed yet: the data layer is still to be made over it.
      expect(guide.body).toEqual({ type: 'root', children: [] })
      await bodies.ensure(bodies.pendingAt(String(guide.path)))
      expect(calls).toHaveLength(1)
      const expected = full.get('docs/guide.md') as SheafNode
      for (const field of fields) expect([field, guide[field]]).toEqual([field, expected[field]])
    },
    60_000,
  )
})
