import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// vitest's global setup compiled dist/ (tests/compileFirst.ts): these read what it wrote.
const repo = path.resolve(import.meta.dirname, '../../..')
const dist = path.join(repo, 'dist')
const compiledFiles = fs.readdirSync(dist, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.js')).map((entry) => path.join(entry.parentPath, entry.name))
const relativeSpecifierRE = /(?:\bfrom|\bimport)\s*\(?\s*"(\.\.?\/[^"]+)"|\bnew URL\(\s*"(\.\.?\/[^"]+)",\s*import\.meta\.url\)/g

describe('the compiled package (scripts/compile.mjs)', () => {
  it('has a module for every source of engine/, plugins/ and the default theme', () => {
    expect(compiledFiles.length).toBeGreaterThan(250)
    for (const file of ['engine/cli.js', 'engine/workers/taskWorker.js', 'engine/sources/markdownWorker.js', 'plugins/search/index.js', 'site/theme/modules.js', 'site/theme/templates/Doc.js']) {
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
        if (!fs.existsSync(path.resolve(path.dirname(file), specifier))) missing.push(`${path.relative(dist, file)}: ${specifier}`)
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
