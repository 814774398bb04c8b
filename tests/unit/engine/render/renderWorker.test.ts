import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { build } from '../../../../engine/build.ts'
import { startRenderWorker } from '../../../../engine/render/renderWorker.ts'
import { outputTree } from '../outputTree.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
// A copy inside the project (its config resolves `sheaf`) with enough pages for the render worker.
const site = path.join(root, `tests/fixtures/.tmp-render-worker-${process.pid}`)
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }
const pageCount = 160

fs.rmSync(site, { recursive: true, force: true })
copyBasicFixture(site)
for (let index = 1; index <= pageCount; index++) {
  fs.writeFileSync(path.join(site, `content/docs/page-${index}.md`), `---\ntitle: Page ${index}\n---\n\n# Page ${index}\n\nBody of page ${index}, with \`code\` and a [link](./guide.md).\n\n\`\`\`ts\nconst page = ${index}\n\`\`\`\n`)
}

afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

const rendered = (result: Awaited<ReturnType<typeof build>>) => result.phases.find((phase) => phase.name === 'render')?.count

describe('the render worker', () => {
  it('renders a big site to the same files as the main thread alone', async () => {
    const alone = await build(site, { outDir: 'out-main', sink: quiet, workers: false, cache: false })
    // With the cache (cold: a fresh copy has none), so the small rebuild below starts from this build.
    const shared = await build(site, { outDir: 'out-worker', sink: quiet })
    expect(rendered(shared)).toBe(rendered(alone))
    expect(alone.renderedInWorker).toBe(0)
    expect(shared.renderedInWorker).toBeGreaterThan(0)
    expect(outputTree(path.join(site, 'out-worker'))).toEqual(outputTree(path.join(site, 'out-main')))
    expect(fs.readFileSync(path.join(site, 'out-worker/docs/page-150.html'), 'utf8')).toContain('Body of page 150')
  }, 180_000)

  it('is not started when the config keeps the build to one thread (buildConcurrency: 1)', async () => {
    const config = path.join(site, 'site/config-one-thread.ts')
    fs.writeFileSync(config, fs.readFileSync(path.join(site, 'site/config.ts'), 'utf8').replace('defineConfig({', 'defineConfig({\n  buildConcurrency: 1,'))
    const one = await build(site, { configFile: path.relative(site, config), outDir: 'out-one', sink: quiet, cache: false })
    expect(one.config.buildConcurrency).toBe(1)
    expect(rendered(one)).toBe(pageCount + 4)
    expect(one.renderedInWorker).toBe(0)
  }, 180_000)

  it('is not started by a small render (a rebuild of a page or two)', async () => {
    // Reuses the first test's cache, as a second `sheaf build` would (it rendered every page then).
    await build(site, { outDir: 'out-worker', sink: quiet })
    fs.appendFileSync(path.join(site, 'content/docs/page-7.md'), '\nOne more sentence.\n')
    const rebuild = await build(site, { outDir: 'out-worker', sink: quiet })
    expect(rendered(rebuild)).toBeLessThan(5)
    expect(rebuild.renderedInWorker).toBe(0)
  }, 180_000)

  it("fails the build with a template's error from a page past the worker's start, keeping the previous output", async () => {
    const template = path.join(site, 'site/theme/Doc.tsx')
    const original = fs.readFileSync(template, 'utf8')
    fs.writeFileSync(template, original.replace('if (!data.page) return null', "if (!data.page) return null\n  if (data.page.title === 'Page 150') throw new Error('The template cannot show page 150')"))
    try {
      await expect(build(site, { outDir: 'out-worker', sink: quiet, cache: false })).rejects.toThrow('The template cannot show page 150')
      expect(fs.readFileSync(path.join(site, 'out-worker/docs/page-150.html'), 'utf8')).toContain('Body of page 150')
    } finally {
      fs.writeFileSync(template, original)
    }
  }, 180_000)

  it('hands back the pages of a worker that cannot start, for the main thread to render', async () => {
    // A function cannot be copied to a worker thread: the worker never starts.
    const siteData = { title: 'x', notCopyable: () => undefined } as never
    const plan = { entries: [], cacheDir: path.join(site, '.sheaf-cache/theme'), engineDirs: [], root: site }
    const offload = startRenderWorker({ root: site, theme: { templates: {} }, plan, siteData, assets: { entry: '/e.js', css: [], templateChunks: {}, bundle: 'b' }, outDir: path.join(site, 'out-none') })
    const pages = [1, 2, 3].map((index) => ({ dataJson: '{}', lang: 'en', headTags: [], htmlFile: `docs/page-${index}.html` }))
    for (const page of pages) expect(offload.offer(page)).toBe(true)
    expect(await offload.finish()).toEqual(pages)
    expect(offload.offer(pages[0])).toBe(false)
    offload.close()
  })
})
