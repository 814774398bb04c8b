import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { build, type BuildResult } from '../../../../engine/build.ts'
import { outputTree } from '../outputTree.ts'

// The i18n fixture: the real theme, sidebars from _meta.json, prev/next links, two languages.
const root = path.resolve(import.meta.dirname, '../../../..')
const site = path.join(root, `tests/fixtures/.tmp-incremental-sidebar-${process.pid}`)
const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined }

fs.rmSync(site, { recursive: true, force: true })
// Without the fixture's outputs and caches (the e2e runs leave a build folder per port offset there).
fs.cpSync(path.join(root, 'tests/fixtures/i18n'), site, {
  recursive: true,
  filter: (source) => !/[/\\](build|\.e2e-build-[^/\\]*|\.sheaf|\.sheaf-cache)$/.test(source),
})
afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

const incremental = (): Promise<BuildResult> => build(site, { outDir: 'out-incremental', sink: quiet, workers: false })
const clean = (): Promise<BuildResult> =>
  build(site, { outDir: 'out-clean', sink: quiet, workers: false, cache: false })
const rendered = (result: BuildResult) => result.phases.find((phase) => phase.name === 'render')?.count
const content = (file: string) => path.join(site, 'content/1.0/en/guide', file)
const page = (route: string) => fs.readFileSync(path.join(site, 'out-incremental', `${route}.html`), 'utf8')

async function expectSameAsCleanBuild(): Promise<BuildResult> {
  const result = await incremental()
  await clean()
  expect(outputTree(path.join(site, 'out-incremental'))).toEqual(outputTree(path.join(site, 'out-clean')))
  return result
}

describe('incremental builds with sidebars give the output of a clean build', () => {
  it('after a body edit, querying only the edited page: its sidebar-mates read its title, not its body', async () => {
    await incremental()
    fs.appendFileSync(content('start.md'), '\nA sentence only the start page shows.\n')
    const result = await expectSameAsCleanBuild()
    expect(result.queried).toBe(1)
    expect(rendered(result)).toBe(1)
    expect(page('guide/start')).toContain('A sentence only the start page shows.')
  }, 120_000)

  it('after a title edit, re-rendering the pages whose sidebar or prev/next link shows it', async () => {
    fs.writeFileSync(
      content('next.md'),
      fs.readFileSync(content('next.md'), 'utf8').replace(/^title: .*$/m, 'title: The next step, renamed'),
    )
    const result = await expectSameAsCleanBuild()
    expect(rendered(result)).toBeGreaterThanOrEqual(2)
    expect(page('guide/start')).toContain('The next step, renamed')
  }, 120_000)

  it('after a _meta.json edit, re-rendering the pages whose sidebar it orders', async () => {
    fs.writeFileSync(content('_meta.json'), '["next", "start"]\n')
    const result = await expectSameAsCleanBuild()
    expect(rendered(result)).toBeGreaterThanOrEqual(2)
    const sidebar = page('guide/start').split('class="sidebar__nav"')[1]
    expect(sidebar.indexOf('The next step, renamed')).toBeGreaterThan(-1)
    expect(sidebar.indexOf('The next step, renamed')).toBeLessThan(sidebar.indexOf('href="/i18n/guide/start"'))
  }, 120_000)
})
