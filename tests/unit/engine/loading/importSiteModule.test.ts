import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { readCacheEntryJson, writeCacheEntry } from '../../../../engine/incremental/cacheEntry.ts'
import { importSiteModule } from '../../../../engine/loading/importSiteModule.ts'
import * as engine from '../../../../engine/index.ts'
import { projectScratch } from '../../../projectScratch.ts'

// Inside the project, so `sheaf` resolves as it does for a site here.
const { root, write } = projectScratch('site-module')

describe("a site's own module, bundled and imported", () => {
  it('runs TypeScript, keeps each file its own import.meta, and shares the engine instead of copying it', async () => {
    write(
      'plugins/where.ts',
      'export const where: string = import.meta.url\nexport const dir: string = import.meta.dirname\n',
    )
    const config = write(
      'site/config.ts',
      "import * as sheaf from 'sheaf'\nimport { where, dir } from '../plugins/where.ts'\n" +
        'export default { here: import.meta.url as string, where, dir, sheaf }\n',
    )
    const loaded = (await importSiteModule(config, root)).default as {
      here: string
      where: string
      dir: string
      sheaf: typeof engine
    }
    expect(loaded.here).toBe(pathToFileURL(config).href)
    expect(loaded.where).toBe(pathToFileURL(path.join(root, 'plugins/where.ts')).href)
    expect(loaded.dir).toBe(path.join(root, 'plugins'))
    // The very module the engine runs: a SheafError made by the site is one the engine recognizes.
    expect(loaded.sheaf.SheafError).toBe(engine.SheafError)
  })

  it(
    "bundles a site file's relative imports of its own files, " +
      'and shares an engine source imported by a relative path',
    async () => {
      const engineErrors = path
        .relative(path.join(root, 'site'), path.resolve(import.meta.dirname, '../../../../engine/errors.ts'))
        .split(path.sep)
        .join('/')
      write('site/parts/label.ts', 'export const label = (name: string): string => `[${name}]`\n')
      const file = write(
        'site/deep.ts',
        `import { label } from './parts/label.ts'\nimport { SheafError } from '${engineErrors}'\n` +
          `export default { label: label('x'), SheafError }\n`,
      )
      const loaded = (await importSiteModule(file, root)).default as {
        label: string
        SheafError: typeof engine.SheafError
      }
      expect(loaded.label).toBe('[x]')
      expect(loaded.SheafError).toBe(engine.SheafError)
    },
  )

  it('imports an edited module anew (the dev server reloads its config)', async () => {
    const file = write('site/value.ts', 'export default 1\n')
    expect((await importSiteModule(file, root)).default).toBe(1)
    write('site/value.ts', 'export default 2\n')
    expect((await importSiteModule(file, root)).default).toBe(2)
  })

  it('reports a syntax error at its file and line', async () => {
    write('plugins/broken.ts', "export const ok = 1\nexport const broken = 'no end\n")
    const file = write(
      'site/broken-config.ts',
      "import { broken } from '../plugins/broken.ts'\nexport default { broken }\n",
    )
    await expect(importSiteModule(file, root)).rejects.toMatchObject({
      name: 'SheafError',
      file: 'plugins/broken.ts',
      line: 2,
      message: expect.stringMatching(/Unterminated string literal/),
    })
  })

  describe('kept in a cache folder between runs', () => {
    const cacheDir = path.join(root, 'module-cache')
    const hourAgo = new Date(Date.now() - 3_600_000)
    const recordOf = () => {
      const name = fs.readdirSync(cacheDir).find((file) => file.endsWith('.json'))!
      return {
        file: path.join(cacheDir, name),
        // A checked cache entry (see cacheEntry.ts), as every cache's records are.
        record: readCacheEntryJson<{ output: string; inputs: [string, number, number][] }>(path.join(cacheDir, name))!,
      }
    }

    it('imports the kept bundle while no input changed, and bundles again after an edit', async () => {
      fs.rmSync(cacheDir, { recursive: true, force: true })
      const part = write('site/kept/part.ts', "export const part = 'one'\n")
      const file = write('site/kept/config.ts', "import { part } from './part.ts'\nexport default part\n")
      // Saved long before: their times are trusted.
      for (const input of [part, file]) fs.utimesSync(input, hourAgo, hourAgo)
      expect((await importSiteModule(file, root, { cacheDir })).default).toBe('one')
      const { file: recordFile, record } = recordOf()
      expect(record.inputs.map(([input]) => input)).toEqual(expect.arrayContaining([part, file]))
      // npm's record of the installed packages is an input too: an install that moves a package's files makes the
      // bundle stale.
      expect(record.inputs.map(([input]) => input)).toContain(
        path.resolve(import.meta.dirname, '../../../../node_modules/.package-lock.json'),
      )
      // The record names the file imported: pointed at another, that one is what the next import gives, so nothing was
      // bundled.
      fs.writeFileSync(path.join(cacheDir, 'stand-in.mjs'), "export default 'kept'\n")
      writeCacheEntry(recordFile, JSON.stringify({ ...record, output: 'stand-in.mjs' }))
      expect((await importSiteModule(file, root, { cacheDir })).default).toBe('kept')
      // An imported file edited: bundled again.
      write('site/kept/part.ts', "export const part = 'two'\n")
      expect((await importSiteModule(file, root, { cacheDir })).default).toBe('two')
      expect(recordOf().record.output).not.toBe('stand-in.mjs')
    })

    it(
      'never trusts a file saved just before it was bundled (a second save in the same clock tick looks ' +
        'unchanged)',
      async () => {
        fs.rmSync(cacheDir, { recursive: true, force: true })
        const file = write('site/fresh/config.ts', 'export default 1\n')
        expect((await importSiteModule(file, root, { cacheDir })).default).toBe(1)
        expect(recordOf().record.inputs.find(([input]) => input === file)?.[2]).toBe(-1)
        // The same size, at once: bundled again, not taken from the record.
        write('site/fresh/config.ts', 'export default 2\n')
        expect((await importSiteModule(file, root, { cacheDir })).default).toBe(2)
      },
    )
  })
})
