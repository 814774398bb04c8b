import { describe, expect, it } from 'vitest'
import { buildSidebars } from '../../../../plugins/sidebar/buildSidebars.ts'
import type { MetaFile, SidebarPage } from '../../../../plugins/sidebar/types.ts'

// The `_meta.json` forms of Rspress 1.x that a migrated site keeps unchanged.
function page(relativePath: string, path: string, title: string, versionPrefix: string): SidebarPage {
  return {
    path,
    title,
    description: '',
    relativePath,
    sourcePath: `docs/${relativePath}`,
    version: relativePath.split('/')[0],
    lang: 'en',
    versionPrefix,
    langPrefix: '',
    pageType: 'doc',
    toc: [],
  }
}
const meta = (relativePath: string, value: unknown): MetaFile => ({
  relativePath,
  sourcePath: `docs/${relativePath}`,
  content: JSON.stringify(value, null, 2),
})

const pages = [
  page('v1/guide/start.md', '/v1/guide/start', 'Start', 'v1'),
  page('v1/guide/install.mdx', '/v1/guide/install', 'Install', 'v1'),
]

describe('Rspress 1.x _meta.json', () => {
  it('ignores the version-root navbar file, so each folder below is its own sidebar', () => {
    const sidebars = buildSidebars(pages, [
      meta('v1/_meta.json', [{ text: 'Guide', link: '/guide/start', activeMatch: '/guide/' }]),
      meta('v1/guide/_meta.json', ['start', 'install']),
    ])
    expect(sidebars.map((sidebar) => sidebar.routePrefix)).toEqual(['/v1/guide/'])
    expect(sidebars[0].items.map((item) => item.link)).toEqual(['/v1/guide/start', '/v1/guide/install'])
  })

  it('reads custom links (routes within the version), `dashed` dividers and names with their extension', () => {
    const sidebars = buildSidebars(pages, [
      meta('v1/guide/_meta.json', [
        'start.md',
        { type: 'divider', dashed: true },
        { type: 'file', name: 'install.mdx', label: 'Installing' },
        { type: 'custom-link', label: 'Start again', link: '/guide/start' },
        { type: 'custom-link', label: 'GitHub', link: 'https://github.com/acme/widgets' },
      ]),
    ])
    expect(sidebars[0].items).toEqual([
      { text: 'Start', link: '/v1/guide/start' },
      { text: '', dividerType: 'dashed' },
      { text: 'Installing', link: '/v1/guide/install' },
      { text: 'Start again', link: '/v1/guide/start' },
      { text: 'GitHub', link: 'https://github.com/acme/widgets' },
    ])
  })

  it('a custom link without its link fails with the file and line', () => {
    expect(() =>
      buildSidebars(pages, [meta('v1/guide/_meta.json', ['start', { type: 'custom-link', label: 'x' }])]),
    ).toThrow(/needs a "label" and a "link"/)
  })
})

describe('a folder without _meta.json (auto sidebar)', () => {
  it('lists its own index page with the others, as Rspress does', () => {
    const api = [
      page('v1/api/index.md', '/v1/api', 'API', 'v1'),
      page('v1/api/config.md', '/v1/api/config', 'Configuration', 'v1'),
    ]
    const sidebars = buildSidebars(api, [], {}, true)
    expect(sidebars.map((sidebar) => sidebar.routePrefix)).toEqual(['/v1/api/'])
    expect(sidebars[0].items).toEqual([
      { text: 'Configuration', link: '/v1/api/config' },
      { text: 'API', link: '/v1/api' },
    ])
  })
})
