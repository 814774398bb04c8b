import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findComponentImports } from '../../../../engine/migrate/componentImports.ts'
import { resolveSiteModule } from '../../../../engine/migrate/resolveSiteModule.ts'
import { runtimeUsage } from '../../../../engine/migrate/rspressRuntime.ts'
import { copySiteComponents, siteComponentsConfig } from '../../../../engine/migrate/siteComponents.ts'
import { siteComponentsSection } from '../../../../engine/migrate/siteComponentsSection.ts'

const site = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-components-'))
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true })
  fs.writeFileSync(path.join(site, file), text)
}
write('components/Card.tsx', 'export default function Card() { return null }\n')
write(
  'components/info/index.tsx',
  "import { usePageData, useDark, NoSSR as N } from 'rspress/runtime'\nimport { join } from '@lib/join'\n" +
    'export function Info() { return null }\n',
)
write('lib/join.ts', "export { helper as join } from './helper'\n")
write('lib/helper.ts', 'export const helper = (...parts: string[]) => parts.join(" ")\n')
write(
  'components/Fancy.tsx',
  "import clsx from 'clsx'\nimport { Content } from '@rspress/core/runtime'\n" +
    "import styles from './fancy.module.scss'\nexport default function Fancy() { return null }\n",
)
write('components/fancy.module.scss', '.a { color: red }\n')
write('docs/guide/c.mdx', "import Fancy from '@components/Fancy'\nimport * as All from '@components/info'\n")
write(
  'docs/guide/a.mdx',
  "import Card from '@components/Card'\nimport { Info } from '../../components/info'\n" +
    "import { Tabs } from '@theme'\nimport Shared from './_shared.mdx'\n\n```mdx\n" +
    "import Nope from '@components/Nope'\n```\n\n<Card />\n",
)
write(
  'docs/guide/b.mdx',
  "import Card from '@components/Card.tsx'\nimport Gone from '@components/Gone'\nimport React from 'react'\n",
)
const aliases = { '@components': 'components', '@lib': 'lib' }
afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

describe("the site's own components", () => {
  it("finds a page's imports of site code: not the theme's, not fragments, not in fenced code", () => {
    expect(findComponentImports(fs.readFileSync(path.join(site, 'docs/guide/a.mdx'), 'utf8'))).toEqual([
      { specifier: '@components/Card', names: ['Card'], bindings: [{ imported: 'default', local: 'Card' }], line: 1 },
      { specifier: '../../components/info', names: ['Info'], bindings: [{ imported: 'Info', local: 'Info' }], line: 2 },
    ])
    expect(
      findComponentImports(
        "import Def, { A, B as C, type T } from './x'\nimport * as NS from './y'\n" +
          "import type { P } from './z'\nimport './style.css'\n",
      ).map((found) => found.names),
    ).toEqual([['Def', 'A', 'C'], ['NS']])
  })

  it('resolves an alias or a relative path as Rsbuild does: extension, folder index, or nothing', () => {
    const from = path.join(site, 'docs/guide/a.mdx')
    expect(resolveSiteModule('@components/Card', from, site, aliases)).toBe(path.join(site, 'components/Card.tsx'))
    expect(resolveSiteModule('@components/Card.tsx', from, site, aliases)).toBe(path.join(site, 'components/Card.tsx'))
    expect(resolveSiteModule('../../components/info', from, site, aliases)).toBe(
      path.join(site, 'components/info/index.tsx'),
    )
    expect(resolveSiteModule('@components/Gone', from, site, aliases)).toBeNull()
    expect(resolveSiteModule('react', from, site, aliases)).toBeNull()
  })

  it("sorts a component's Rspress runtime imports into mapped and not, with why", () => {
    const usage = runtimeUsage(
      "import { usePageData, useDark, NoSSR as N, Content } from 'rspress/runtime'\n" +
        "import { useLang } from '@rspress/runtime'\nimport { x } from 'other'\n",
    )
    expect(usage.mapped).toEqual(['usePageData', 'useDark', 'NoSSR', 'useLang'])
    expect(usage.unmapped.map((item) => item.name)).toEqual(['Content'])
  })

  it('copies each imported component with the site files it imports, and registers those that can build', () => {
    const target = path.join(site, 'out')
    const components = copySiteComponents(site, path.join(site, 'docs'), target, aliases)
    expect(components.map((component) => [component.file, component.copiedTo, component.importedBy])).toEqual([
      ['components/Card.tsx', 'site/components/Card.tsx', ['docs/guide/a.mdx:1', 'docs/guide/b.mdx:1']],
      ['components/info/index.tsx', 'site/components/info/index.tsx', ['docs/guide/a.mdx:2', 'docs/guide/c.mdx:2']],
      ['components/Fancy.tsx', 'site/components/Fancy.tsx', ['docs/guide/c.mdx:1']],
    ])
    // Imports point at the copies (relative: the files moved), Rspress's runtime at Sheaf's.
    const info = fs.readFileSync(path.join(target, 'site/components/info/index.tsx'), 'utf8')
    expect(info).toContain("from 'sheaf/runtime/rspress'")
    expect(info).toContain("from '../lib/join'")
    expect(fs.readFileSync(path.join(target, 'site/components/lib/join.ts'), 'utf8')).toContain("from './helper'")
    expect(fs.existsSync(path.join(target, 'site/components/lib/helper.ts'))).toBe(true)
    // A default export by the import's name, a named one by its own; a package or an unmapped runtime name blocks it.
    expect(siteComponentsConfig(components)).toEqual({ Card: { module: 'site/components/Card.tsx' } })
    expect(components[1].blockers.join('\n')).toContain('`import * as All`')
    expect(components[2].blockers).toEqual([
      'imports the package `clsx` (site/components/Fancy.tsx): add it to package.json',
      'imports the stylesheet `./fancy.module.scss` (site/components/Fancy.tsx): ' +
        'a CSS module or Sass/Less file; use plain CSS in `theme.styles`',
      "uses `Content` of Rspress's runtime, which Sheaf lacks",
    ])
    expect(fs.existsSync(path.join(target, 'site/components/fancy.module.scss'))).toBe(true)
    const section = siteComponentsSection(components)
    expect(section).toMatch(/`components\/Card.tsx` -> `site\/components\/Card.tsx` .*Registered as `Card`/)
    expect(section).toMatch(/`components\/Fancy.tsx` .*\*\*Not registered:\*\* imports the package `clsx`/)
  })

  it('registers a named import under its export name, with the export', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-components-named-'))
    try {
      fs.mkdirSync(path.join(other, 'components'), { recursive: true })
      fs.mkdirSync(path.join(other, 'docs'), { recursive: true })
      fs.writeFileSync(
        path.join(other, 'components/Info.tsx'),
        "import { useLang } from 'rspress/runtime'\nexport function Info() { return null }\n",
      )
      fs.writeFileSync(path.join(other, 'docs/a.mdx'), "import { Info as I } from '../components/Info'\n\n<I />\n")
      const components = copySiteComponents(other, path.join(other, 'docs'), path.join(other, 'out'), {})
      expect(siteComponentsConfig(components)).toEqual({ Info: { module: 'site/components/Info.tsx', export: 'Info' } })
    } finally {
      fs.rmSync(other, { recursive: true, force: true })
    }
  })
})
