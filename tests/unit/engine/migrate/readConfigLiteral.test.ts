import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { NonLiteral, readConfigLiteral } from '../../../../engine/migrate/readConfigLiteral.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-rspress-config-'))
function read(source: string) {
  const file = path.join(dir, `c${Math.random().toString(36).slice(2)}.ts`)
  fs.writeFileSync(file, source)
  return readConfigLiteral(file)
}

describe('reading rspress.config.ts without running it', () => {
  it('evaluates literals (with top-level constants and TypeScript) and keeps code as NonLiteral', () => {
    const { value, spreads } = read(`import { defineConfig } from 'rspress/config';
import path from 'node:path';
const repo = 'https://github.com/x/y'
export default defineConfig({
  root: path.join(__dirname, 'docs'),
  title: 'My site' as string,
  base: '/y/',
  themeConfig: { socialLinks: [{ icon: 'github', mode: 'link', content: repo }], footer: { message: \`© 2024\` } },
  plugins: [pluginFoo()],
  ...extra,
});`)
    expect(value.title).toBe('My site')
    expect(value.themeConfig).toEqual({
      socialLinks: [{ icon: 'github', mode: 'link', content: 'https://github.com/x/y' }],
      footer: { message: '© 2024' },
    })
    expect(value.root).toBeInstanceOf(NonLiteral)
    expect((value.root as NonLiteral).source).toBe('path.join(__dirname, "docs")')
    expect((value.plugins as unknown[])[0]).toBeInstanceOf(NonLiteral)
    expect(spreads).toEqual(['...extra'])
  })

  it('keeps a self-referring constant as code instead of recursing', () => {
    const { value } = read(
      'const nav = [{ text: "A", items: nav }]\nexport default { title: "A", themeConfig: { nav } }',
    )
    expect((value.themeConfig as { nav: { items: unknown }[] }).nav[0].items).toBeInstanceOf(NonLiteral)
  })

  it('finds the object through a variable or an arrow function', () => {
    expect(read('const config = { title: "A" }\nexport default config').value).toEqual({ title: 'A' })
    expect(read('export default defineConfig(() => ({ title: "B" }))').value).toEqual({ title: 'B' })
  })

  it('fails with the file and a hint when the export is not an object literal', () => {
    expect(() => read('export default makeConfig("x", 1)')).toThrow(/not an object literal/)
    expect(() => read('export const x = 1')).toThrow(/no `export default`/)
  })
})
