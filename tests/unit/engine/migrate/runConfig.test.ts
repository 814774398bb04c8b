import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateRspress } from '../../../../engine/migrate/migrateRspress.ts'
import { NonLiteral } from '../../../../engine/migrate/readConfigLiteral.ts'
import { readConfigByRunning } from '../../../../engine/migrate/runConfig.ts'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-run-config-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

function site(name: string, config: string): string {
  const dir = path.join(work, name)
  fs.mkdirSync(path.join(dir, 'docs/guide'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'rspress.config.ts'), config)
  fs.writeFileSync(path.join(dir, 'docs/guide/a.md'), '# A\n')
  return dir
}

const madeByCode =
  `import path from 'node:path'
function makeConfig(title: string) {
  return { root: path.join(__dirname, ` +
  `'docs'), title, plugins: [{ name: 'p', setup() {} }], themeConfig: { nav: [{ text: 'A', link: ` +
  `'/a' }] } }
}
export default makeConfig('Made by code')
`

describe('a config built by code', () => {
  it('is read by running it in a child process: values as data, functions as code, paths inside the site relative', () => {
    const dir = site('made', madeByCode)
    const value = readConfigByRunning(path.join(dir, 'rspress.config.ts'))
    expect(value.title).toBe('Made by code')
    expect(value.root).toBe('docs')
    expect(value.themeConfig).toEqual({ nav: [{ text: 'A', link: '/a' }] })
    expect((value.plugins as { setup: unknown }[])[0].setup).toBeInstanceOf(NonLiteral)
    // The bundle written beside the config to run it is gone.
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('.sheaf-migrate-config'))).toEqual([])
  })

  it('is migrated with a note that it was run, and its code listed as untranslated', () => {
    const result = migrateRspress(site('made-2', madeByCode), path.join(work, 'made-2-sheaf'))
    expect(result.report).toMatch(/built by code, so the config was run to read it/)
    expect(result.untranslated.map((item) => item.key)).toContain('plugins')
    expect(fs.readFileSync(path.join(work, 'made-2-sheaf/site/config.ts'), 'utf8')).toContain("title: 'Made by code',")
  })

  it('that cannot run (its packages not installed) fails with the reason and the fix', () => {
    const dir = site('broken', "import { build } from 'rspress-not-installed'\nexport default build()\n")
    expect(() => readConfigByRunning(path.join(dir, 'rspress.config.ts'))).toThrow(
      /Running rspress.config.ts to read it failed: .*rspress-not-installed/,
    )
  })
})
