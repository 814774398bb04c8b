import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { createShardedSearcher } from '../../../../plugins/search/shared/shardedSearcher.ts'
import type { ShardedIndexMeta } from '../../../../plugins/search/shared/types.ts'
import { addFixturePlugins, copyBasicFixture } from '../../../copyBasicFixture.ts'
import { outputTree } from '../../engine/outputTree.ts'

// A built site's search after one-page rebuilds: the worker reuses the shards the edit did not touch
// (they are kept from the previous output, never sent), and the output is a clean build's.
const root = path.resolve(import.meta.dirname, '../../../..')
const site = path.join(root, `tests/fixtures/.tmp-search-rebuild-${process.pid}`)
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

/** The sharded index's meta file in `out`, as the pointer pages link names it. */
function metaFileOf(out: string): string {
  const pointer = fs
    .readdirSync(path.join(out, 'static'))
    .find((name) => /^search_index\..*latest\.json$/.test(name)) as string
  return path.join(
    out,
    'static',
    (JSON.parse(fs.readFileSync(path.join(out, 'static', pointer), 'utf8')) as { shards: string }).shards,
  )
}

/** The site's sharded index, searched from the files of `out`. */
async function searchIn(out: string, query: string): Promise<string[]> {
  const metaFile = metaFileOf(out)
  const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as ShardedIndexMeta
  const answer = await createShardedSearcher(
    meta,
    async (file) => JSON.parse(fs.readFileSync(path.join(path.dirname(metaFile), file), 'utf8')) as unknown,
  ).search(query)
  expect(answer.failed).toBe(0)
  return answer.hits.map((hit) => hit.link)
}

const shardDir = (out: string) => path.join(path.dirname(metaFileOf(out)), 's')
const shardFiles = (out: string) => fs.readdirSync(shardDir(out)).sort()

describe('search after a rebuild', () => {
  it(
    'finds the edited words and the unchanged ones, from the files a clean build writes, ' +
      'also when the output lost a shard',
    async () => {
      fs.rmSync(site, { recursive: true, force: true })
      copyBasicFixture(site)
      addFixturePlugins(site, { search: 'search()' })
      // Enough sections for many shards: most of them untouched by the edits below.
      for (let n = 0; n < 30; n++)
        fs.writeFileSync(
          path.join(site, `content/docs/extra-${n}.md`),
          `---\ntitle: Extra ${n}\n---\n\n# Extra ${n}\n\n## Part ${n}\n\n` +
            `Words about topic${n} and render and screen ${'filler '.repeat(n)}.\n`,
        )
      const out = path.join(site, 'out')
      const rebuild = () => build(site, { outDir: 'out', sink: quiet, workers: false })
      const clean = async () => {
        await build(site, { outDir: 'out-clean', sink: quiet, workers: false, cache: false })
        expect(outputTree(out)).toEqual(outputTree(path.join(site, 'out-clean')))
      }
      await rebuild()
      const before = shardFiles(out)

      fs.appendFileSync(path.join(site, 'content/docs/api.md'), '\nA zanzibarquokka paragraph.\n')
      await rebuild()
      const after = shardFiles(out)
      // Some shards changed, most did not (same content, same name).
      expect(after).not.toEqual(before)
      expect(after.filter((name) => before.includes(name)).length).toBeGreaterThan(after.length / 2)
      expect(await searchIn(out, 'zanzibarquokka')).toEqual([expect.stringContaining('docs/api')])
      expect((await searchIn(out, 'topic17')).some((link) => link.includes('extra-17'))).toBe(true)
      await clean()

      fs.appendFileSync(path.join(site, 'content/docs/guide.md'), '\nA wallabyquince sentence.\n')
      await rebuild()
      expect(await searchIn(out, 'wallabyquince')).toEqual([expect.stringContaining('docs/guide')])
      await clean()

      // A shard file is gone from the output (removed by hand): the next rebuild, which changes no
      // page and so reuses every shard, writes it again.
      const lost = shardFiles(out).find((name) =>
        fs.readFileSync(path.join(shardDir(out), name), 'utf8').includes('topic2'),
      ) as string
      const lostFile = path.join(shardDir(out), lost)
      fs.rmSync(lostFile)
      await rebuild()
      expect(fs.existsSync(lostFile)).toBe(true)
      expect((await searchIn(out, 'topic2')).some((link) => link.includes('extra-2'))).toBe(true)
      await clean()
    },
    240_000,
  )
})
