import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../../../engine/build.ts'
import { themeCacheDir } from '../../../../engine/incremental/cacheDirs.ts'
import { readCacheEntryJson } from '../../../../engine/incremental/cacheEntry.ts'
import { outputTree } from '../outputTree.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'
import { cleanBuildPerState } from '../cleanBuildPerState.ts'

const root = path.resolve(import.meta.dirname, '../../../..')
// A copy inside the project (its config resolves `sheaf`), so edits never touch the real fixture.
const site = path.join(root, `tests/fixtures/.tmp-incremental-${process.pid}`)
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }

fs.rmSync(site, { recursive: true, force: true })
copyBasicFixture(site)

afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

const incremental = (): Promise<BuildResult> => build(site, { outDir: 'out-incremental', sink: quiet, workers: false })
// One clean build per state of the sources: a case that changes none compares with the last one.
const clean = cleanBuildPerState(site, () =>
  build(site, { outDir: 'out-clean', sink: quiet, workers: false, cache: false }),
)
const rendered = (result: BuildResult) => result.phases.find((phase) => phase.name === 'render')?.count

async function expectSameAsCleanBuild(): Promise<BuildResult> {
  const result = await incremental()
  await clean()
  expect(outputTree(path.join(site, 'out-incremental'))).toEqual(outputTree(path.join(site, 'out-clean')))
  return result
}

const content = (file: string) => path.join(site, 'content', file)

describe('incremental builds give the output of a clean build', () => {
  it('does no page work when nothing changed', async () => {
    await incremental()
    const again = await incremental()
    expect(rendered(again)).toBe(0)
  }, 120_000)

  it("keeps the theme's server bundle when .sheaf-cache is cleared, and builds what a clean build does", async () => {
    await incremental()
    const themes = themeCacheDir(site, undefined) as string
    // This site's bundle folder, named by its record (other tests' builds share the cache folder, at the same time).
    const bundles = () =>
      fs
        .readdirSync(themes)
        .filter((name) => name.endsWith('.json'))
        // Records are checked cache entries (see keyedStore.ts).
        .map((name) => readCacheEntryJson<{ dir: string; outputs: Record<string, string> }>(path.join(themes, name)))
        .filter((record) => Object.keys(record?.outputs ?? {}).some((entry) => entry.startsWith(site + path.sep)))
        .map((record) => record?.dir)
    const before = bundles()
    expect(before).toHaveLength(1)
    fs.rmSync(path.join(site, '.sheaf-cache'), { recursive: true, force: true })
    const result = await expectSameAsCleanBuild()
    expect(rendered(result)).toBe(result.pages.length)
    // The same bundle folder: esbuild did not bundle the theme again.
    expect(bundles()).toEqual(before)
  }, 120_000)

  it('after a body edit, re-rendering only the edited page', async () => {
    fs.appendFileSync(content('docs/api.md'), '\nA sentence added by the test.\n')
    const result = await expectSameAsCleanBuild()
    // Every page's layout lists all titles, so every page reads the API page's title; only the
    // page itself read its body, so it alone runs its queries again.
    expect(rendered(result)).toBe(1)
    expect(result.queried).toBe(1)
    expect(fs.readFileSync(path.join(site, 'out-incremental/docs/api.html'), 'utf8')).toContain(
      'A sentence added by the test.',
    )
  }, 120_000)

  it('after a title edit, re-rendering every page that lists the title', async () => {
    fs.writeFileSync(
      content('docs/api.md'),
      fs.readFileSync(content('docs/api.md'), 'utf8').replace(/^title: .*$/m, 'title: API, renamed'),
    )
    const result = await expectSameAsCleanBuild()
    expect(rendered(result)).toBe(result.pages.length)
    expect(fs.readFileSync(path.join(site, 'out-incremental/docs/guide.html'), 'utf8')).toContain('API, renamed')
  }, 120_000)

  it('after a rename', async () => {
    fs.renameSync(content('docs/api.md'), content('docs/reference.md'))
    fs.writeFileSync(
      content('docs/guide.md'),
      fs.readFileSync(content('docs/guide.md'), 'utf8').replace('./api.md#options', './reference.md#options'),
    )
    fs.writeFileSync(
      content('index.md'),
      fs.readFileSync(content('index.md'), 'utf8').replace('(/docs/api)', '(/docs/reference)'),
    )
    await expectSameAsCleanBuild()
    expect(fs.existsSync(path.join(site, 'out-incremental/docs/api.html'))).toBe(false)
  }, 120_000)

  it('after a deletion', async () => {
    fs.writeFileSync(content('docs/extra.md'), '---\ntitle: Extra\n---\n\n# Extra\n')
    await incremental()
    fs.rmSync(content('docs/extra.md'))
    await expectSameAsCleanBuild()
    expect(fs.existsSync(path.join(site, 'out-incremental/docs/extra.html'))).toBe(false)
  }, 120_000)

  it('after a file was deleted from the previous output, rendering that page again', async () => {
    await incremental()
    fs.rmSync(path.join(site, 'out-incremental/docs/guide.html'))
    const result = await expectSameAsCleanBuild()
    expect(rendered(result)).toBe(1)
    expect(result.pages.map((page) => page.path)).toEqual((await clean()).pages.map((page) => page.path))
  }, 120_000)

  it('after a config change', async () => {
    const configFile = path.join(site, 'site/config.ts')
    fs.writeFileSync(
      configFile,
      fs.readFileSync(configFile, 'utf8').replace("title: 'Fixture Docs'", "title: 'Renamed Docs'"),
    )
    const result = await expectSameAsCleanBuild()
    expect(rendered(result)).toBe(result.pages.length)
  }, 120_000)

  it('after a theme template change', async () => {
    const template = path.join(site, 'site/theme/Doc.tsx')
    fs.writeFileSync(template, fs.readFileSync(template, 'utf8').replace('Clicked {count}', 'Pressed {count}'))
    const result = await expectSameAsCleanBuild()
    expect(rendered(result)).toBeGreaterThan(0)
    expect(fs.readFileSync(path.join(site, 'out-incremental/docs/guide.html'), 'utf8')).toContain('Pressed')
  }, 120_000)

  it('after a theme stylesheet change', async () => {
    const stylesheet = path.join(site, 'site/theme/styles.css')
    fs.appendFileSync(stylesheet, '\n.added-by-the-test { color: rebeccapurple; }\n')
    await expectSameAsCleanBuild()
    const assets = path.join(site, 'out-incremental/assets')
    const css = fs
      .readdirSync(assets)
      .filter((file) => file.endsWith('.css'))
      .map((file) => fs.readFileSync(path.join(assets, file), 'utf8'))
    expect(css.join('')).toContain('added-by-the-test')
  }, 120_000)

  it('after an engine version change', async () => {
    process.env.SHEAF_ENGINE_SALT = 'next-engine'
    try {
      const result = await expectSameAsCleanBuild()
      expect(rendered(result)).toBe(result.pages.length)
    } finally {
      delete process.env.SHEAF_ENGINE_SALT
    }
  }, 120_000)
})
