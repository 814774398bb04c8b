import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PageRegistry } from '../../../../engine/pages/pageRegistry.ts'
import { withSiteTemplates } from '../../../../engine/pipeline/siteTemplates.ts'
import type { ResolvedConfig } from '../../../../engine/config/types.ts'

let root: string
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-registry-'))
  fs.mkdirSync(path.join(root, 'site/templates'), { recursive: true })
  fs.writeFileSync(path.join(root, 'site/templates/Author.tsx'), 'export default function Author() { return null }\n')
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe("PageRegistry: a site's own templates", () => {
  it('registers a component of the site as a template of its own, beside the theme', () => {
    const registry = new PageRegistry({ doc: '/theme/Doc.tsx' }, root)
    registry.add({ path: '/authors/ada', component: path.join(root, 'site/templates/Author.tsx') }, 'plugin authors')
    registry.add(
      { path: '/authors/grace', component: 'site/templates/Author.tsx', context: { id: 'grace' } },
      'plugin authors',
    )
    registry.add({ path: '/docs/x', template: 'doc' }, 'plugin files')
    expect(registry.pages.map((page) => page.template)).toEqual([
      'component:site/templates/Author.tsx',
      'component:site/templates/Author.tsx',
      'doc',
    ])
    expect(registry.siteTemplates.templates).toEqual({
      'component:site/templates/Author.tsx': path.join(root, 'site/templates/Author.tsx'),
    })
  })

  it('refuses a component that is no module file, and a page with both a template and a component', () => {
    const registry = new PageRegistry({ doc: '/theme/Doc.tsx' }, root)
    expect(() => registry.add({ path: '/a', component: 'site/templates/Missing.tsx' }, 'plugin x')).toThrow(
      /names the component `site\/templates\/Missing.tsx`/,
    )
    expect(() =>
      registry.add({ path: '/b', template: 'doc', component: 'site/templates/Author.tsx' }, 'plugin x'),
    ).toThrow(/either a `template` or a `component`/)
    expect(() => registry.add({ path: '/c', template: 'nope' }, 'plugin x')).toThrow(/which the theme does not have/)
  })

  it(
    'adds the site templates to the config the render and the bundle take, ' +
      'and keeps the config when there is none',
    () => {
      const config = { theme: { templates: { doc: '/theme/Doc.tsx' }, styles: [] } } as unknown as ResolvedConfig
      expect(withSiteTemplates(config, {})).toBe(config)
      expect(withSiteTemplates(config, { 'component:a.tsx': '/site/a.tsx' }).theme.templates).toEqual({
        doc: '/theme/Doc.tsx',
        'component:a.tsx': '/site/a.tsx',
      })
    },
  )
})
