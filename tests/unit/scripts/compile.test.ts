import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// vitest's global setup compiled dist/ (tests/compileFirst.ts): these read what it wrote.
const repo = path.resolve(import.meta.dirname, '../../..')
const dist = path.join(repo, 'dist')
const compiledFiles = fs
  .readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
  .map((entry) => path.join(entry.parentPath, entry.name))
const relativeSpecifierRE =
  /(?:\bfrom|\bimport)\s*\(?\s*"(\.\.?\/[^"]+)"|\bnew URL\(\s*"(\.\.?\/[^"]+)",\s*import\.meta\.url\)/g

describe('the compiled package (scripts/compile.mjs)', () => {
  it('has a module for every source of engine/, plugins/ and the default theme', () => {
    expect(compiledFiles.length).toBeGreaterThan(250)
    for (const file of [
      'engine/cli.js',
      'engine/workers/taskWorker.js',
      'engine/sources/markdownWorker.js',
      'plugins/search/index.js',
      'site/theme/modules.js',
      'site/theme/templates/Doc.js',
    ]) {
      expect(fs.existsSync(path.join(dist, file)), file).toBe(true)
    }
    expect(fs.existsSync(path.join(dist, 'site/theme/styles/index.css'))).toBe(true)
  })

  it('names every relative module and worker entry by a file that exists (no .ts left)', () => {
    const missing: string[] = []
    let checked = 0
    for (const file of compiledFiles) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(relativeSpecifierRE)) {
        const specifier = match[1] ?? match[2]!
        checked++
        if (!fs.existsSync(path.resolve(path.dirname(file), specifier)))
          missing.push(`${path.relative(dist, file)}: ${specifier}`)
      }
    }
    expect(checked).toBeGreaterThan(500)
    expect(missing).toEqual([])
  })

  it('holds no absolute path of this checkout, so a copied or moved project runs its own code', () => {
    const absolute = compiledFiles.filter((file) => fs.readFileSync(file, 'utf8').includes(repo))
    expect(absolute).toEqual([])
  })
})

describe('the vendored packages (dist/vendor)', () => {
  it('are imported from their bundle, never by name, in the compiled engine', () => {
    const vendored = fs
      .readdirSync(path.join(dist, 'vendor'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => name.slice(0, -3))
    expect(vendored).toContain('unified')
    const byName = new RegExp(`(?:\\bfrom|\\bimport)\\s*\\(?\\s*"(?:${vendored.join('|')})"`)
    const offenders = compiledFiles.filter(
      (file) => !file.includes(`${path.sep}vendor${path.sep}`) && byName.test(fs.readFileSync(file, 'utf8')),
    )
    expect(offenders.map((file) => path.relative(dist, file))).toEqual([])
  })

  it('share one copy of each module: the VFile unified makes is the VFile the engine imports', async () => {
    const { unified } = await import(path.join(dist, 'vendor/unified.js'))
    const { default: remarkParse } = await import(path.join(dist, 'vendor/remark-parse.js'))
    const { default: remarkStringify } = await import(path.join(dist, 'vendor/remark-stringify.js'))
    const { VFile } = await import(path.join(dist, 'vendor/vfile.js'))
    const file = await unified().use(remarkParse).use(remarkStringify).process('# Title')
    expect(file).toBeInstanceOf(VFile)
    expect(String(file)).toBe('# Title\n')
  })
})
