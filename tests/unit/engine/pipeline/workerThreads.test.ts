import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../../../engine/build.ts'
import { startRenderWorker } from '../../../../engine/render/renderWorker.ts'
import { createMarkdownCache } from '../../../../engine/sources/markdownCache.ts'
import { minimumFilesForWorkers } from '../../../../engine/sources/transformStrategy.ts'
import { warmMarkdownCache } from '../../../../engine/sources/warmMarkdownCache.ts'
import type { SheafNode } from '../../../../engine/store/types.ts'
import { outputTree } from '../outputTree.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

// The build's worker threads (markdown workers, engine/sources/; the render worker,
// engine/render/renderWorker.ts) against the main thread alone, on one site big enough for both:
// its cold build transforms every file in workers (at least `minimumFilesForWorkers` uncached)
// and renders in the render worker (more than ~116 pages to render). The tests share its builds
// and cache, in order, as successive `sheaf build`s would: each big build is a few seconds.
const root = path.resolve(import.meta.dirname, '../../../..')
// A copy inside the project (its config resolves `sheaf`).
const site = path.join(root, `tests/fixtures/.tmp-worker-threads-${process.pid}`)
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
// With the fixture's three pages: just past the markdown workers' threshold.
const pageCount = minimumFilesForWorkers
/** Every page the site renders: the generated ones, the fixture's three and its 404. */
const renderedPages = pageCount + 4

fs.rmSync(site, { recursive: true, force: true })
copyBasicFixture(site)
// With search: its index is patched from the last build's state after an edit (plugins/search/indexState.ts).
const configFile = path.join(site, 'site/config.ts')
fs.writeFileSync(
  configFile,
  `import { search } from 'sheaf/plugins/search'\n${fs.readFileSync(configFile, 'utf8').replace("plugins: [files({ dir: 'content' })]", "plugins: [files({ dir: 'content' }), search()]")}`,
)
for (let index = 0; index < pageCount; index++) {
  const file = path.join(site, 'content/docs/many', `page-${index}.md`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(
    file,
    `---\ntitle: Page ${index}\n---\n\n# Page ${index}\n\n` +
      `Body of page ${index}, see [the next page](./page-${(index + 1) % pageCount}.md).\n\n\`\`\`ts\n` +
      `const page: number = ${index}\n\`\`\`\n`,
  )
}
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-warm-'))
afterAll(() => {
  fs.rmSync(site, { recursive: true, force: true })
  fs.rmSync(scratch, { recursive: true, force: true })
})

const withWorkers = () => build(site, { outDir: 'out-workers', sink: quiet })
const onMainThread = () => build(site, { outDir: 'out-main', sink: quiet, workers: false, cache: false })
const rendered = (result: BuildResult) => result.phases.find((phase) => phase.name === 'render')?.count
const lastPage = `out-workers/docs/many/page-${pageCount - 1}.html`

describe('markdown transformed and pages rendered in worker threads', () => {
  it(
    'give the output of the main thread alone, cold and after a one-page edit (no render worker for a small ' +
      'render)',
    async () => {
      const cold = await withWorkers()
      const alone = await onMainThread()
      expect(rendered(cold)).toBe(renderedPages)
      expect(rendered(alone)).toBe(renderedPages)
      expect(cold.renderedInWorker).toBeGreaterThan(0)
      expect(alone.renderedInWorker).toBe(0)
      expect(outputTree(path.join(site, 'out-workers'))).toEqual(outputTree(path.join(site, 'out-main')))
      expect(fs.readFileSync(path.join(site, lastPage), 'utf8')).toContain(`Body of page ${pageCount - 1}`)

      // Every other page cached, one edited: the main thread transforms it (see transformStrategy.ts),
      // and a render of a page or two never pays for the render worker's start.
      fs.appendFileSync(path.join(site, 'content/docs/many/page-7.md'), '\nA sentence added by the test.\n')
      const rebuild = await withWorkers()
      expect(rendered(rebuild)).toBeLessThan(5)
      expect(rebuild.renderedInWorker).toBe(0)
      await onMainThread()
      expect(outputTree(path.join(site, 'out-workers'))).toEqual(outputTree(path.join(site, 'out-main')))
      expect(fs.readFileSync(path.join(site, 'out-workers/docs/many/page-7.html'), 'utf8')).toContain(
        'A sentence added by the test.',
      )
      const index = fs
        .readdirSync(path.join(site, 'out-workers/static'))
        .find((name) => /^search_index\..*[0-9a-f]{8}\.json$/.test(name)) as string
      expect(fs.readFileSync(path.join(site, 'out-workers/static', index), 'utf8')).toContain(
        'A sentence added by the test.',
      )
    },
    240_000,
  )

  it('start no render worker when the config keeps the build to one thread (buildConcurrency: 1)', async () => {
    const config = path.join(site, 'site/config-one-thread.ts')
    fs.writeFileSync(
      config,
      fs.readFileSync(configFile, 'utf8').replace('defineConfig({', 'defineConfig({\n  buildConcurrency: 1,'),
    )
    // From the cache (the markdown is transformed already); every page renders again for the other config.
    const one = await build(site, { configFile: path.relative(site, config), outDir: 'out-one', sink: quiet })
    expect(one.config.buildConcurrency).toBe(1)
    expect(rendered(one)).toBe(renderedPages)
    expect(one.renderedInWorker).toBe(0)
  }, 180_000)

  it(
    "fail the build with a template's error from a page past the render worker's start, " +
      'keeping the previous output',
    async () => {
      const template = path.join(site, 'site/theme/Doc.tsx')
      const original = fs.readFileSync(template, 'utf8')
      const failing = `Page ${pageCount - 1}`
      fs.writeFileSync(
        template,
        original.replace(
          'if (!data.page) return null',
          `if (!data.page) return null\n  if (data.page.title === '${failing}') ` +
            `throw new Error('The template cannot show ${failing}')`,
        ),
      )
      try {
        await expect(withWorkers()).rejects.toThrow(`The template cannot show ${failing}`)
        expect(fs.readFileSync(path.join(site, lastPage), 'utf8')).toContain(`Body of page ${pageCount - 1}`)
      } finally {
        fs.writeFileSync(template, original)
      }
    },
    180_000,
  )

  it('hand back the pages of a render worker that cannot start, for the main thread to render', async () => {
    // A function cannot be copied to a worker thread: the worker never starts.
    const siteData = { title: 'x', notCopyable: () => undefined } as never
    const plan = { entries: [], cacheDir: path.join(site, '.sheaf-cache/theme'), engineDirs: [], root: site }
    const offload = startRenderWorker({
      root: site,
      theme: { templates: {} },
      plan,
      siteData,
      assets: { entry: '/e.js', css: [], templateChunks: {}, bundle: 'b' },
      outDir: path.join(site, 'out-none'),
    })
    const pages = [1, 2, 3].map((index) => ({
      dataJson: '{}',
      lang: 'en',
      headTags: [],
      htmlFile: `docs/page-${index}.html`,
    }))
    for (const page of pages) expect(offload.offer(page)).toBe(true)
    expect(await offload.finish()).toEqual(pages)
    expect(offload.offer(pages[0])).toBe(false)
    offload.close()
  })

  it("leave a big site's few uncached files to the main thread (no worker starts for a rebuild)", async () => {
    const cache = createMarkdownCache({ dir: path.join(scratch, 'markdown'), salt: 'test', keepInMemory: false })
    const files: SheafNode[] = Array.from({ length: 201 }, (_, index) => ({
      id: `file-${index}`,
      type: 'File',
      parent: null,
      children: [],
      internal: { type: 'File', contentDigest: String(index), owner: 'test' },
      relativePath: `page-${index}.md`,
      sourcePath: `content/page-${index}.md`,
      content: `# Page ${index}\n`,
    }))
    const options = {
      codeThemes: { light: 'github-light', dark: 'github-dark' },
      sanitize: true,
      components: {},
      workers: true,
      cache: false,
    }
    // Every file but the last is cached already.
    for (const file of files.slice(0, -1))
      cache.set(cache.key(String(file.content), String(file.sourcePath)), {
        frontmatter: {},
        title: 'cached',
        toc: [],
        anchors: [],
        body: { type: 'root', children: [] },
        text: '',
        sections: [],
        warnings: [],
      } as never)
    const last = files[files.length - 1]
    const key = cache.key(String(last.content), String(last.sourcePath))
    expect(await warmMarkdownCache(files, cache, options)).toBe(0)
    expect(cache.settled(key)).toBeUndefined()
    expect(cache.has(key)).toBe(false)
  }, 120_000)
})
