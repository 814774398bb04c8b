import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { outputTree } from '../outputTree.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
// A copy of the data-layer example inside the project (its config resolves `sheaf`), edited freely.
const site = path.join(root, `tests/fixtures/.tmp-incremental-data-${process.pid}`)
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }

fs.rmSync(site, { recursive: true, force: true })
fs.cpSync(path.join(root, 'tests/fixtures/data-layer'), site, {
  recursive: true,
  preserveTimestamps: true,
  filter: (source) => !/[/\\](build|\.sheaf|\.sheaf-cache|\.e2e-[^/\\]*)$/.test(source),
})
afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

const incremental = () => build(site, { outDir: 'out-incremental', sink: quiet, workers: false })
const clean = () => build(site, { outDir: 'out-clean', sink: quiet, workers: false, cache: false })
const html = (route: string) => fs.readFileSync(path.join(site, 'out-incremental', `${route}.html`), 'utf8')
const edit = (file: string, from: string, to: string) => {
  const at = path.join(site, file)
  fs.writeFileSync(at, fs.readFileSync(at, 'utf8').replace(from, to))
}

// A filtered list records one read of its type (the fields its filter and sort read), not one per
// node: an incremental build must still re-render every page whose list another page's edit moves.
describe('incremental builds see what a type read saw change', () => {
  it('a tag added to one page reaches the other pages that list every tag (distinct)', async () => {
    await incremental()
    expect(html('posts/engines')).not.toContain('poetry')
    edit('content/posts/notes.md', 'tags: [math]', 'tags: [math, poetry]')
    await incremental()
    expect(html('posts/engines')).toContain('Tags: <!-- -->compilers, engines, math, poetry')
    await clean()
    expect(outputTree(path.join(site, 'out-incremental'))).toEqual(outputTree(path.join(site, 'out-clean')))
  }, 240_000)

  it("an author's birth year moves the pages of a list filtered and sorted through the @link", async () => {
    edit('content/authors.json', '"born": 1906', '"born": 1800')
    await incremental()
    expect(html('posts/engines')).toMatch(
      /By authors born before 1900: (<!-- -->)?Notes on the engine, The analytical engine, The first compiler/,
    )
    await clean()
    expect(outputTree(path.join(site, 'out-incremental'))).toEqual(outputTree(path.join(site, 'out-clean')))
  }, 240_000)
})
