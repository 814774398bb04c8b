import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { createMarkdownCache } from '../../../../engine/sources/markdownCache.ts'
import { warmMarkdownCache } from '../../../../engine/sources/warmMarkdownCache.ts'
import type { SheafNode } from '../../../../engine/store/types.ts'
import { outputTree } from '../outputTree.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
// A copy inside the project (its config resolves `sheaf`) with enough pages for worker threads.
const site = path.join(root, `tests/fixtures/.tmp-workers-${process.pid}`)
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
const pageCount = 220

fs.rmSync(site, { recursive: true, force: true })
copyBasicFixture(site)
// With search: its index is patched from the last build's state after an edit (plugins/search/indexState.ts).
const configFile = path.join(site, 'site/config.ts')
fs.writeFileSync(configFile, `import { search } from 'sheaf/plugins/search'\n${fs.readFileSync(configFile, 'utf8').replace("plugins: [files({ dir: 'content' })]", "plugins: [files({ dir: 'content' }), search()]")}`)
for (let index = 0; index < pageCount; index++) {
  const file = path.join(site, 'content/docs/many', `page-${index}.md`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `---\ntitle: Page ${index}\n---\n\n# Page ${index}\n\nSee [the next page](./page-${(index + 1) % pageCount}.md).\n\n\`\`\`ts\nconst page: number = ${index}\n\`\`\`\n`)
}
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-warm-'))
afterAll(() => {
  fs.rmSync(site, { recursive: true, force: true })
  fs.rmSync(scratch, { recursive: true, force: true })
})

const withWorkers = () => build(site, { outDir: 'out-workers', sink: quiet })
const onMainThread = () => build(site, { outDir: 'out-main', sink: quiet, workers: false, cache: false })

describe('markdown transformed in worker threads', () => {
  it('gives the output of the main thread, cold and after a one-page edit', async () => {
    await withWorkers()
    await onMainThread()
    expect(outputTree(path.join(site, 'out-workers'))).toEqual(outputTree(path.join(site, 'out-main')))

    // Two hundred pages cached, one edited: a background worker transforms it (see warmMarkdownCache).
    fs.appendFileSync(path.join(site, 'content/docs/many/page-7.md'), '\nA sentence added by the test.\n')
    await withWorkers()
    await onMainThread()
    expect(outputTree(path.join(site, 'out-workers'))).toEqual(outputTree(path.join(site, 'out-main')))
    expect(fs.readFileSync(path.join(site, 'out-workers/docs/many/page-7.html'), 'utf8')).toContain('A sentence added by the test.')
    const index = fs.readdirSync(path.join(site, 'out-workers/static')).find((name) => /^search_index\..*[0-9a-f]{8}\.json$/.test(name)) as string
    expect(fs.readFileSync(path.join(site, 'out-workers/static', index), 'utf8')).toContain('A sentence added by the test.')
    expect(fs.readdirSync(path.join(site, '.sheaf-cache/search')).some((name) => name.startsWith('index-'))).toBe(true)
  }, 240_000)

  it('transforms a big site\'s few uncached files in the background, and the transform waits for them', async () => {
    const cache = createMarkdownCache({ dir: path.join(scratch, 'markdown'), salt: 'test', keepInMemory: false })
    const files: SheafNode[] = Array.from({ length: 201 }, (_, index) => ({
      id: `file-${index}`,
      type: 'File',
      parent: null,
      children: [],
      internal: { contentDigest: String(index), owner: 'test' },
      relativePath: `page-${index}.md`,
      sourcePath: `content/page-${index}.md`,
      content: `# Page ${index}\n`,
    }))
    const options = { codeThemes: { light: 'github-light', dark: 'github-dark' }, sanitize: true, components: {}, workers: true, highlightDir: null }
    // Every file but the last is cached already.
    for (const file of files.slice(0, -1)) cache.set(cache.key(String(file.content), String(file.sourcePath)), { frontmatter: {}, title: 'cached', toc: [], anchors: [], body: { type: 'root', children: [] }, text: '', sections: [], warnings: [] } as never)
    const last = files[files.length - 1]
    const key = cache.key(String(last.content), String(last.sourcePath))
    expect(await warmMarkdownCache(files, cache, options)).toBe(0)
    const waiting = cache.settled(key)
    expect(waiting).toBeInstanceOf(Promise)
    await waiting
    expect(cache.get(key)?.title).toBe('Page 200')
  }, 120_000)
})
