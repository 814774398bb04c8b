import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../../engine/config/loadConfig.ts'
import { copyBasicFixture } from '../../../copyBasicFixture.ts'

const repo = path.resolve(import.meta.dirname, '../../../..')
// Inside the project, so that `sheaf` resolves as it does for a site depending on the package.
const site = path.join(repo, `tests/fixtures/.tmp-theme-reference-${process.pid}`)
fs.rmSync(site, { recursive: true, force: true })
copyBasicFixture(site)
afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

const configFile = path.join(site, 'site/config.ts')
const original = fs.readFileSync(configFile, 'utf8')
/** Writes a config whose `theme` is the given source text, as a new file (the module cache keys on it). */
function configWithTheme(name: string, theme: string): string {
  const file = path.join(site, `site/${name}.ts`)
  fs.writeFileSync(file, original.replace(/ {2}theme: \{[\s\S]*?\n {2}\},\n/, `  theme: ${theme},\n`))
  return path.relative(site, file)
}

describe('a theme chosen by package name or path', () => {
  // `sheaf init` writes `theme: 'sheaf/theme'`: its test builds such a site outside the repository.
  it('resolves a package name through its exports: `sheaf/theme` gives the default theme', async () => {
    const file = configWithTheme('config-package', "'sheaf/theme'")
    const config = await loadConfig(site, file)
    expect(Object.keys(config.theme.templates)).toEqual(expect.arrayContaining(['home', 'doc', '404']))
    // The package's compiled theme (dist/), as a site that installed Sheaf gets it.
    expect(config.theme.templates.doc).toBe(path.join(repo, 'dist/site/theme/templates/Doc.js'))
    expect(config.markdown.reservedIds).toContain('sheaf-content')
  })

  it('resolves a path from the config file, calling a default export that is a function', async () => {
    fs.writeFileSync(
      path.join(site, 'site/my-theme.ts'),
      "import path from 'node:path'\nexport default () => ({ layout: path.join(import.meta.dirname, " +
        "'theme/Layout.tsx'), templates: { doc: path.join(import.meta.dirname, 'theme/Doc.tsx'), home: " +
        "path.join(import.meta.dirname, 'theme/Home.tsx'), 404: path.join(import.meta.dirname, " +
        "'theme/NotFound.tsx') } })\n",
    )
    const config = await loadConfig(site, configWithTheme('config-path', "'./my-theme.ts'"))
    expect(config.theme.templates.doc).toBe(path.join(site, 'site/theme/Doc.tsx'))
  })

  it('names the config file and says how to fix a theme that cannot be found or has no templates', async () => {
    await expect(loadConfig(site, configWithTheme('config-missing', "'@acme/no-such-theme'"))).rejects.toThrow(
      /theme package `@acme\/no-such-theme` cannot be found from site\/config-missing\.ts/,
    )
    await expect(loadConfig(site, configWithTheme('config-missing-path', "'./nowhere'"))).rejects.toThrow(
      /theme `\.\/nowhere` is not a file/,
    )
    fs.writeFileSync(path.join(site, 'site/empty-theme.ts'), 'export default { layout: "x" }\n')
    await expect(loadConfig(site, configWithTheme('config-empty', "'./empty-theme.ts'"))).rejects.toThrow(
      /no default export with `templates`/,
    )
  })
})
