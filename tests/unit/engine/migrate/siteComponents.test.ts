import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findComponentImports } from '../../../../engine/migrate/componentImports.ts'
import { resolveSiteModule } from '../../../../engine/migrate/resolveSiteModule.ts'
import { runtimeUsage } from '../../../../engine/migrate/rspressRuntime.ts'
import { copySiteComponents, siteComponentsSection } from '../../../../engine/migrate/siteComponents.ts'

const site = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-components-'))
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true })
  fs.writeFileSync(path.join(site, file), text)
}
write('components/Card.tsx', 'export default function Card() { return null }\n')
write('components/info/index.tsx', "import { usePageData, useDark, NoSSR as N } from 'rspress/runtime'\nexport function Info() { return null }\n")
write('docs/guide/a.mdx', "import Card from '@components/Card'\nimport { Info } from '../../components/info'\nimport { Tabs } from '@theme'\nimport Shared from './_shared.mdx'\n\n```mdx\nimport Nope from '@components/Nope'\n```\n\n<Card />\n")
write('docs/guide/b.mdx', "import Card from '@components/Card.tsx'\nimport Gone from '@components/Gone'\nimport React from 'react'\n")
const aliases = { '@components': 'components' }
afterAll(() => fs.rmSync(site, { recursive: true, force: true }))

describe("the site's own components", () => {
  it("finds a page's imports of site code: not the theme's, not fragments, not in fenced code", () => {
    expect(findComponentImports(fs.readFileSync(path.join(site, 'docs/guide/a.mdx'), 'utf8'))).toEqual([
      { specifier: '@components/Card', names: ['Card'], line: 1 },
      { specifier: '../../components/info', names: ['Info'], line: 2 },
    ])
    expect(findComponentImports("import Def, { A, B as C, type T } from './x'\nimport * as NS from './y'\nimport type { P } from './z'\nimport './style.css'\n").map((found) => found.names)).toEqual([['Def', 'A', 'C'], ['NS']])
  })

  it('resolves an alias or a relative path as Rsbuild does: extension, folder index, or nothing', () => {
    const from = path.join(site, 'docs/guide/a.mdx')
    expect(resolveSiteModule('@components/Card', from, site, aliases)).toBe(path.join(site, 'components/Card.tsx'))
    expect(resolveSiteModule('@components/Card.tsx', from, site, aliases)).toBe(path.join(site, 'components/Card.tsx'))
    expect(resolveSiteModule('../../components/info', from, site, aliases)).toBe(path.join(site, 'components/info/index.tsx'))
    expect(resolveSiteModule('@components/Gone', from, site, aliases)).toBeNull()
    expect(resolveSiteModule('react', from, site, aliases)).toBeNull()
  })

  it("sorts a component's Rspress runtime imports into mapped and not, with why", () => {
    const usage = runtimeUsage("import { usePageData, useDark, NoSSR as N } from 'rspress/runtime'\nimport { useLang } from '@rspress/runtime'\nimport { x } from 'other'\n")
    expect(usage.mapped).toEqual(['usePageData', 'useLang'])
    expect(usage.unmapped.map((item) => item.name)).toEqual(['useDark', 'NoSSR'])
  })

  it('copies each imported component once into site/components/, with the pages that import it', () => {
    const target = path.join(site, 'out')
    const components = copySiteComponents(site, path.join(site, 'docs'), target, aliases)
    expect(components.map((component) => [component.file, component.copiedTo, component.importedBy])).toEqual([
      ['components/Card.tsx', 'site/components/Card.tsx', ['docs/guide/a.mdx:1', 'docs/guide/b.mdx:1']],
      ['components/info/index.tsx', 'site/components/info/index.tsx', ['docs/guide/a.mdx:2']],
    ])
    expect(fs.readFileSync(path.join(target, 'site/components/Card.tsx'), 'utf8')).toContain('export default function Card')
    expect(siteComponentsSection(components)).toMatch(/`components\/info\/index.tsx` -> `site\/components\/info\/index.tsx` .*\*\*Not mapped:\*\* `useDark` \(.*\); `NoSSR`/)
  })
})
