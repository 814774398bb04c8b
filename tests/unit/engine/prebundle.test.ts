import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { prebundledGroup } from '../../../engine/loading/prebundle.ts'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-prebundle-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

// The suite turns prebundling off for the engine (vitest.config.ts); these tests turn it on for their own groups.
let previous: string | undefined
beforeEach(() => {
  previous = process.env.SHEAF_PREBUNDLE
  process.env.SHEAF_PREBUNDLE = '1'
})
afterEach(() => {
  if (previous === undefined) delete process.env.SHEAF_PREBUNDLE
  else process.env.SHEAF_PREBUNDLE = previous
})

/** A two-file group in its own folder: `main.ts` imports `helper.ts`, which reports where it lives. */
function makeGroup(name: string, helperValue: string) {
  const dir = path.join(root, name)
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'helper.ts'), `export const value: string = ${JSON.stringify(helperValue)}\nexport const where: string = import.meta.url\n// a comment that mentions import.meta.url stays a comment\nexport const text = 'import.meta.url'\n`)
  fs.writeFileSync(path.join(dir, 'main.ts'), `export { value, where, text } from './helper.ts'\n`)
  const entries = { main: pathToFileURL(path.join(dir, 'main.ts')) }
  const cacheDir = path.join(dir, 'cache')
  return { dir, cacheDir, entries, group: () => prebundledGroup<{ main: { value: string; where: string; text: string } }>(name, entries, { cacheDir }) }
}

describe('prebundled module groups', () => {
  it('imports an entry from one bundled file, where import.meta still means the source file', async () => {
    const { dir, cacheDir, group } = makeGroup('first', 'one')
    const url = await group().bundledUrl('main')
    expect(url).toMatch(/^file:.*\/cache\/first-[0-9a-f]{12}-[0-9a-z]+\/main\.mjs$/)
    expect(fs.readdirSync(cacheDir).some((file) => file.endsWith('.json'))).toBe(true)
    const loaded = await group().import('main')
    expect(loaded.value).toBe('one')
    expect(loaded.where).toBe(pathToFileURL(path.join(dir, 'helper.ts')).href)
    // Only the expression is replaced, never text that mentions it.
    expect(loaded.text).toBe('import.meta.url')
  })

  it('reuses the bundle while its inputs stay the same, and bundles again when one changes', async () => {
    const { dir, group } = makeGroup('second', 'before')
    const first = await group().bundledUrl('main')
    expect(await group().bundledUrl('main')).toBe(first)
    // Same size, different text and mtime: the mtime alone must catch it.
    const helper = path.join(dir, 'helper.ts')
    fs.writeFileSync(helper, fs.readFileSync(helper, 'utf8').replace('"before"', '"after!"'))
    fs.utimesSync(helper, new Date(), new Date(Date.now() + 5_000))
    const second = await group().bundledUrl('main')
    expect(second).not.toBe(first)
    expect((await import(second!)).value).toBe('after!')
  })

  it('falls back to the sources when bundling fails, until a file beside the entry changes, or when turned off', async () => {
    const { dir, cacheDir, group } = makeGroup('third', 'source')
    const main = path.join(dir, 'main.ts')
    fs.writeFileSync(main, `export { value, where, text } from './helper.ts'\nexport const broken = (\n`)
    expect(await group().bundledUrl('main')).toBeNull()
    // The failure is recorded: the next build does not ask esbuild again.
    const record = fs.readdirSync(cacheDir).find((file) => file.endsWith('.json')) as string
    expect(JSON.parse(fs.readFileSync(path.join(cacheDir, record), 'utf8')).outputs).toBeNull()
    expect(await group().bundledUrl('main')).toBeNull()
    fs.writeFileSync(main, `export { value, where, text } from './helper.ts'\n`)
    fs.utimesSync(main, new Date(), new Date(Date.now() + 5_000))
    expect(await group().bundledUrl('main')).toMatch(/main\.mjs$/)
    process.env.SHEAF_PREBUNDLE = '0'
    expect(await group().bundledUrl('main')).toBeNull()
    expect((await group().import('main')).value).toBe('source')
  })
})

describe('a prebundled group with installed packages left out', () => {
  it('imports them by the file URL they resolve to from the engine, not bundled in', async () => {
    const dir = path.join(root, 'external')
    fs.mkdirSync(dir, { recursive: true })
    // The test's folder has no node_modules: a bare import only works as the engine's resolved URL.
    fs.writeFileSync(path.join(dir, 'main.ts'), `export async function slug(text: string) { const { default: Slugger } = await import('github-slugger'); return new Slugger().slug(text) }\n`)
    const group = prebundledGroup<{ main: { slug(text: string): Promise<string> } }>('external', { main: pathToFileURL(path.join(dir, 'main.ts')) }, { cacheDir: path.join(dir, 'cache'), external: ['github-slugger'] })
    const url = await group.bundledUrl('main')
    expect(url).not.toBeNull()
    const text = fs.readFileSync(new URL(url!), 'utf8')
    expect(text).toContain(import.meta.resolve('github-slugger'))
    expect(text).not.toContain('class BananaSlug')
    expect(await (await group.import('main')).slug('Hello World')).toBe('hello-world')
  })
})
