import { describe, expect, it } from 'vitest'
import { buildSidebars, findSidebar, flattenLinks } from '../../../plugins/sidebar/buildSidebars.ts'
import { buildOverview } from '../../../plugins/sidebar/overview.ts'
import { parseMeta } from '../../../plugins/sidebar/parseMeta.ts'
import type { MetaFile, SidebarPage } from '../../../plugins/sidebar/types.ts'

function page(relativePath: string, path: string, title: string, version = '13.x'): SidebarPage {
  return {
    path,
    title,
    description: `About ${title}`,
    relativePath,
    sourcePath: `content/${relativePath}`,
    version,
    lang: 'en',
    versionPrefix: version === '13.x' ? '' : version,
    langPrefix: '',
    pageType: 'doc',
    toc: [
      { text: 'Usage', id: 'usage', depth: 2 },
      { text: 'Deep', id: 'deep', depth: 3 },
    ],
  }
}

const meta = (relativePath: string, value: unknown): MetaFile => ({
  relativePath,
  sourcePath: `content/${relativePath}`,
  content: JSON.stringify(value, null, 2),
})

const pages = [
  page('13.x/docs/start/intro.md', '/docs/start/intro', 'Introduction'),
  page('13.x/docs/api.md', '/docs/api', 'API reference'),
  page('13.x/docs/api/render.md', '/docs/api/render', 'render'),
  page('13.x/docs/api/events/fire-event.md', '/docs/api/events/fire-event', 'Fire Event'),
  page('13.x/docs/migration/v13.md', '/docs/migration/v13', 'Migration to 13'),
  page('12.x/docs/start/intro.md', '/12.x/docs/start/intro', 'Introduction', '12.x'),
  page('13.x/cookbook/index.md', '/cookbook/', 'Cookbook'),
]
const metas = [
  meta('13.x/docs/_meta.json', [
    { type: 'dir', name: 'start', label: 'Getting started' },
    { type: 'dir', name: 'api', label: 'API reference' },
    { type: 'divider' },
    { type: 'section-header', label: 'More' },
    { type: 'dir', name: 'migration', label: 'Migration Guides', collapsed: true },
  ]),
  meta('13.x/docs/start/_meta.json', ['intro']),
  meta('13.x/docs/api/_meta.json', ['render', { type: 'dir', name: 'events', label: 'Triggering events' }]),
  meta('13.x/docs/api/events/_meta.json', ['fire-event']),
  meta('13.x/docs/migration/_meta.json', ['v13']),
  meta('12.x/docs/_meta.json', [{ type: 'dir', name: 'start', label: 'Getting started' }]),
  meta('12.x/docs/start/_meta.json', ['intro']),
  meta('13.x/cookbook/_meta.json', ['index']),
]

describe('sidebars from _meta.json', () => {
  const sidebars = buildSidebars(pages, metas)

  it('builds one sidebar per root folder and version, with SPEC §3 item fields', () => {
    const docs = findSidebar(sidebars, '/docs/api/render')
    expect(docs?.routePrefix).toBe('/docs/')
    expect(docs?.items.map((item) => item.text)).toEqual([
      'Getting started',
      'API reference',
      '',
      'More',
      'Migration Guides',
    ])
    expect(docs?.items[1]).toMatchObject({ link: '/docs/api', collapsed: false, collapsible: true })
    expect(docs?.items[2]).toMatchObject({ dividerType: 'solid' })
    expect(docs?.items[3]).toMatchObject({ sectionHeaderText: 'More' })
    expect(docs?.items[4]).toMatchObject({ collapsed: true })
    expect(findSidebar(sidebars, '/12.x/docs/start/intro')?.routePrefix).toBe('/12.x/docs/')
    expect(findSidebar(sidebars, '/cookbook/')?.items).toEqual([{ text: 'Cookbook', link: '/cookbook/' }])
  })

  it('orders links for previous/next as the sidebar reads', () => {
    const docs = findSidebar(sidebars, '/docs/api')
    expect(flattenLinks(docs?.items ?? []).map((link) => link.link)).toEqual([
      '/docs/start/intro',
      '/docs/api',
      '/docs/api/render',
      '/docs/api/events/fire-event',
      '/docs/migration/v13',
    ])
  })

  it('groups an overview page by sidebar section, others last', () => {
    const docs = findSidebar(sidebars, '/docs/api')
    const groups = buildOverview(docs?.items ?? [], '/docs/api', 'Others', 2, (link) =>
      pages.find((candidate) => candidate.path === link),
    )
    expect(groups.map((group) => [group.name, group.items.map((item) => item.link)])).toEqual([
      ['Triggering events', ['/docs/api/events/fire-event']],
      ['Others', ['/docs/api/render']],
    ])
    expect(groups[1].items[0].headers).toEqual([{ text: 'Usage', id: 'usage', depth: 2 }])
  })

  it('builds the same tree from themeConfig.sidebar, per version', () => {
    const fromConfig = buildSidebars(pages, [], { '/guide/': [{ text: 'Intro', link: '/docs/start/intro' }] })
    expect(findSidebar(fromConfig, '/12.x/guide/x')?.items).toEqual([{ text: 'Intro', link: '/12.x/docs/start/intro' }])
  })

  it('builds sidebars from the folder tree with auto', () => {
    const auto = buildSidebars(
      [
        page('part-1/group-1/page-2.md', '/part-1/group-1/page-2', 'Two', ''),
        page('part-1/group-1/page-10.md', '/part-1/group-1/page-10', 'Ten', ''),
      ],
      [],
      {},
      true,
    )
    expect(auto[0].routePrefix).toBe('/part-1/')
    expect(auto[0].items[0]).toMatchObject({ text: 'group-1', items: [{ text: 'Two' }, { text: 'Ten' }] })
  })
})

describe('invalid _meta.json', () => {
  it('reports bad JSON with file, line and a fix', () => {
    expect(() =>
      parseMeta({ relativePath: 'a/_meta.json', sourcePath: 'content/a/_meta.json', content: '[\n  "intro",\n]' }),
    ).toThrow(/not valid JSON/)
    try {
      parseMeta({ relativePath: 'a/_meta.json', sourcePath: 'content/a/_meta.json', content: '[\n  "intro",\n]' })
    } catch (error) {
      expect(error).toMatchObject({
        file: 'content/a/_meta.json',
        line: 3,
        hint: expect.stringContaining('no trailing commas'),
      })
    }
  })

  const metaError = (content: string) => {
    try {
      parseMeta({ relativePath: 'a/_meta.json', sourcePath: 'content/a/_meta.json', content })
    } catch (error) {
      return error as { message: string; line?: number; column?: number }
    }
    throw new Error('parseMeta accepted it')
  }

  it('locates syntax errors at their line and column, and says what is wrong', () => {
    expect(metaError('[\n  "intro",\n]')).toMatchObject({
      line: 3,
      column: 1,
      message: expect.stringContaining('a value was expected'),
    })
    expect(metaError('[\n  "intro"\n  "guide"\n]')).toMatchObject({
      line: 3,
      column: 3,
      message: expect.stringContaining('a comma was expected'),
    })
    expect(metaError('[\n  // the start\n  "intro"\n]')).toMatchObject({
      line: 2,
      column: 3,
      message: expect.stringContaining('comments are not allowed'),
    })
    expect(metaError("[\n  { 'type': 'dir' }\n]")).toMatchObject({ line: 2, column: 5 })
    expect(metaError('')).toMatchObject({ line: 1, column: 1, message: expect.stringContaining('not valid JSON') })
  })

  it('locates a bad field at its key, and a bad item at the item', () => {
    const content =
      '[\n  "intro",\n  {\n    "type": "dir",\n    "name": "api",\n      "collapsed": "yes"\n  },\n    42\n]'
    expect(metaError(content)).toMatchObject({
      line: 6,
      column: 7,
      message: expect.stringContaining('The field "collapsed" of item 1'),
    })
    expect(metaError('[\n  "intro",\n    42\n]')).toMatchObject({
      line: 3,
      column: 5,
      message: expect.stringContaining('Item 1 of `_meta.json` must be a name or an object'),
    })
    expect(metaError('  {"a": 1}')).toMatchObject({
      line: 1,
      column: 3,
      message: expect.stringContaining('must hold an array'),
    })
  })

  it('refuses a file nested too deeply with a located error, not a crash', () => {
    expect(metaError('['.repeat(200_000))).toMatchObject({
      line: 1,
      column: 1,
      message: expect.stringMatching(/nested too deeply|not valid JSON/),
    })
  })

  it('hands on plain objects, even for a "__proto__" key', () => {
    const [entry] = parseMeta({
      relativePath: 'a/_meta.json',
      sourcePath: 'content/a/_meta.json',
      content: '[{ "type": "file", "name": "x" }]',
    })
    expect(Object.getPrototypeOf(entry)).toBe(Object.prototype)
    expect(metaError('[{ "name": "x", "__proto__": { "polluted": true } }]').message).toContain(
      'unknown field "__proto__"',
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('rejects an unknown item type', () => {
    expect(() => parseMeta(meta('a/_meta.json', [{ type: 'folder', name: 'x' }]))).toThrow(
      'Item 0 of `_meta.json` has the unknown type "folder".',
    )
  })

  it('rejects a name that matches no file', () => {
    expect(() => buildSidebars(pages, [meta('13.x/docs/_meta.json', ['nope'])])).toThrow(
      '`_meta.json` lists "nope", but there is no page `13.x/docs/nope.md`.',
    )
  })
})
