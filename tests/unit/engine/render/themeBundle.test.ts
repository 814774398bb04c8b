import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as React from 'react'
import { describe, expect, it, vi } from 'vitest'
import { runtimeFile } from '../../../../engine/render/loadTheme.ts'
import { engineModuleDirs } from '../../../../engine/loading/siteModules.ts'
import { isThemeBundleFresh, themeBundleImporter } from '../../../../engine/render/themeBundle.ts'
import * as runtime from '../../../../engine/shared/index.ts'
import { projectScratch } from '../../../projectScratch.ts'

// Inside the project, so the theme finds React and `sheaf/runtime` as a site's would.
const scratch = projectScratch('theme-bundle')
const { root } = scratch
// Each file as if saved well before the bundle: a file saved just before is never taken as unchanged (see
// bundleInputs.ts).
let saves = 0
const write = (name: string, text: string): string => {
  const file = scratch.write(name, text)
  const when = new Date(Date.now() - 3_600_000 + ++saves * 1000)
  fs.utimesSync(file, when, when)
  return file
}
const cacheDir = path.join(root, '.sheaf-cache', 'theme')

const doc = write(
  'theme/Doc.tsx',
  "import * as React from 'react'\nimport * as runtime from 'sheaf/runtime'\n" +
    "import { title } from './parts/title.ts'\nexport const shared = { React, runtime }\n" +
    "export const query = 'query { site { title } }'\nexport default function Doc() { return <h1>{title}</h1> }\n",
)
write('theme/parts/title.ts', "export const title: string = 'First'\n")

const importerFor = () =>
  themeBundleImporter({ entries: [doc], cacheDir, engineDirs: engineModuleDirs(), runtime: runtimeFile, root })
const bundleFolders = () => fs.readdirSync(cacheDir).filter((name) => !name.endsWith('.json'))

describe('the theme bundle', () => {
  it("bundles the theme's own files, and shares React and the runtime with the engine", async () => {
    const loaded = await (await importerFor())(doc)
    expect(loaded.query).toBe('query { site { title } }')
    const element = (loaded.default as () => React.ReactElement<{ children: string }>)()
    expect(element.props.children).toBe('First')
    // The same modules the engine imports, not copies: React's hooks and the runtime's contexts work across the two.
    const shared = loaded.shared as { React: typeof React; runtime: typeof runtime }
    expect(shared.React.useState).toBe(React.useState)
    expect(shared.runtime.App).toBe(runtime.App)
    expect(bundleFolders()).toHaveLength(1)
  })

  it('reuses the bundle while no input changed, and bundles again when one did', async () => {
    const before = bundleFolders()
    await (
      await importerFor()
    )(doc)
    expect(bundleFolders()).toEqual(before)
    write('theme/parts/title.ts', "export const title: string = 'Second, a longer title'\n")
    const loaded = await (await importerFor())(doc)
    expect((loaded.default as () => React.ReactElement<{ children: string }>)().props.children).toBe(
      'Second, a longer title',
    )
    // The older bundle is gone.
    expect(bundleFolders()).toHaveLength(1)
    expect(bundleFolders()).not.toEqual(before)
  })

  it('says whether the bundle is made and its inputs unchanged, without bundling', async () => {
    const options = { entries: [doc], cacheDir, engineDirs: engineModuleDirs() }
    await (
      await importerFor()
    )(doc)
    expect(isThemeBundleFresh(options)).toBe(true)
    const folders = bundleFolders()
    write('theme/parts/title.ts', "export const title: string = 'Edited, so not fresh'\n")
    expect(isThemeBundleFresh(options)).toBe(false)
    expect(bundleFolders()).toEqual(folders)
    expect(isThemeBundleFresh({ ...options, entries: [path.join(root, 'theme/Other.tsx')] })).toBe(false)
  })

  it("removes another key's bundle once its record has gone unused for an hour, not before", async () => {
    const plant = (key: string, age: number) => {
      fs.writeFileSync(path.join(cacheDir, `theme-${key}.json`), '{}')
      fs.mkdirSync(path.join(cacheDir, `theme-${key}-dir`), { recursive: true })
      const when = new Date(Date.now() - age)
      fs.utimesSync(path.join(cacheDir, `theme-${key}.json`), when, when)
    }
    plant('unused', 2 * 3_600_000)
    plant('recent', 60_000)
    write('theme/parts/title.ts', "export const title: string = 'Third'\n")
    await (
      await importerFor()
    )(doc)
    const names = fs.readdirSync(cacheDir)
    expect(names.filter((name) => name.includes('unused'))).toEqual([])
    expect(names.filter((name) => name.includes('recent')).sort()).toEqual(['theme-recent-dir', 'theme-recent.json'])
    fs.rmSync(path.join(cacheDir, 'theme-recent.json'))
    fs.rmSync(path.join(cacheDir, 'theme-recent-dir'), { recursive: true })
  })

  it('fails the import of a theme esbuild cannot bundle with its error, at the file and line', async () => {
    write('theme/parts/title.ts', "export const title: string = 'Broken\n")
    await expect((await importerFor())(doc)).rejects.toMatchObject({
      name: 'SheafError',
      file: 'theme/parts/title.ts',
      line: 1,
      message: expect.stringMatching(/Unterminated string literal/),
    })
  })

  it('refuses a module it did not bundle, instead of loading its source another way', async () => {
    write('theme/parts/title.ts', "export const title: string = 'Fixed'\n")
    const other = write('theme/Other.tsx', 'export default function Other() { return null }\n')
    await expect((await importerFor())(other)).rejects.toThrow(/not one of the theme's modules/)
  })

  it('gives a build without a cache a scratch folder of its process, removing those of processes that are gone', async () => {
    const parent = path.join(os.tmpdir(), 'sheaf-theme')
    // 2^22 + 1: above Linux's largest pid, so no process has it.
    const gone = path.join(parent, `${2 ** 22 + 1}-left`)
    fs.mkdirSync(gone, { recursive: true })
    // The folder is made, and those of gone processes removed, on a process's first call: a fresh
    // copy of the module makes this call the first, even after another test file in this worker.
    vi.resetModules()
    const { scratchThemeDir } = await import('../../../../engine/render/themeBundle.ts')
    const dir = scratchThemeDir()
    expect(path.dirname(dir)).toBe(parent)
    expect(path.basename(dir).startsWith(`${process.pid}-`)).toBe(true)
    expect(fs.existsSync(gone)).toBe(false)
    expect(scratchThemeDir()).toBe(dir)
  })
})
