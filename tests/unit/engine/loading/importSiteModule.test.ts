import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importSiteModule } from '../../../../engine/loading/importSiteModule.ts'
import * as engine from '../../../../engine/index.ts'
import { projectScratch } from '../../../projectScratch.ts'

// Inside the project, so `sheaf` resolves as it does for a site here.
const { root, write } = projectScratch('site-module')

describe("a site's own module, bundled and imported", () => {
  it('runs TypeScript, keeps each file its own import.meta, and shares the engine instead of copying it', async () => {
    write('plugins/where.ts', 'export const where: string = import.meta.url\nexport const dir: string = import.meta.dirname\n')
    const config = write('site/config.ts', "import * as sheaf from 'sheaf'\nimport { where, dir } from '../plugins/where.ts'\nexport default { here: import.meta.url as string, where, dir, sheaf }\n")
    const loaded = (await importSiteModule(config, root)).default as { here: string; where: string; dir: string; sheaf: typeof engine }
    expect(loaded.here).toBe(pathToFileURL(config).href)
    expect(loaded.where).toBe(pathToFileURL(path.join(root, 'plugins/where.ts')).href)
    expect(loaded.dir).toBe(path.join(root, 'plugins'))
    // The very module the engine runs: a SheafError made by the site is one the engine recognizes.
    expect(loaded.sheaf.SheafError).toBe(engine.SheafError)
  })

  it("bundles a site file's relative imports of its own files, and shares an engine source imported by a relative path", async () => {
    const engineErrors = path.relative(path.join(root, 'site'), path.resolve(import.meta.dirname, '../../../../engine/errors.ts')).split(path.sep).join('/')
    write('site/parts/label.ts', 'export const label = (name: string): string => `[${name}]`\n')
    const file = write('site/deep.ts', `import { label } from './parts/label.ts'\nimport { SheafError } from '${engineErrors}'\nexport default { label: label('x'), SheafError }\n`)
    const loaded = (await importSiteModule(file, root)).default as { label: string; SheafError: typeof engine.SheafError }
    expect(loaded.label).toBe('[x]')
    expect(loaded.SheafError).toBe(engine.SheafError)
  })

  it('imports an edited module anew (the dev server reloads its config)', async () => {
    const file = write('site/value.ts', 'export default 1\n')
    expect((await importSiteModule(file, root)).default).toBe(1)
    write('site/value.ts', 'export default 2\n')
    expect((await importSiteModule(file, root)).default).toBe(2)
  })

  it('reports a syntax error at its file and line', async () => {
    write('plugins/broken.ts', "export const ok = 1\nexport const broken = 'no end\n")
    const file = write('site/broken-config.ts', "import { broken } from '../plugins/broken.ts'\nexport default { broken }\n")
    await expect(importSiteModule(file, root)).rejects.toMatchObject({ name: 'SheafError', file: 'plugins/broken.ts', line: 2, message: expect.stringMatching(/Unterminated string literal/) })
  })
})
