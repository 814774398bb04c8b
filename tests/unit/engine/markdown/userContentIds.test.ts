import type { Element, Root } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { beforeAll, describe, expect, it } from 'vitest'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from '../../../../engine/markdown/processor.ts'
import { walk } from '../../../../engine/markdown/walk.ts'

// DOM clobbering (issue 19): an id or name written in content must never equal one the engine
// or the theme looks up, and links to it must still land.
let processor: MarkdownProcessor

beforeAll(async () => {
  const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
  processor = createMarkdownProcessor({
    highlighter,
    components: themeComponents,
    sanitize: true,
    reservedIds: ['content', 'sidebar'],
  })
})

const md = (source: string, mdx = false) => processor.process({ source, file: mdx ? 'page.mdx' : 'page.md', mdx })

function elements(tree: Root): Element[] {
  const found: Element[] = []
  walk<Element>(tree, 'element', (node) => void found.push(node))
  return found
}

const ids = (tree: Root) =>
  elements(tree)
    .map((node) => node.properties.id)
    .filter((id): id is string => typeof id === 'string')

describe('ids written in content', () => {
  it('prefixes raw ids with user-content-, so the page data element and the layout ids cannot be clobbered', async () => {
    const result = await md(
      '# T\n\n<div id="__SHEAF_DATA__">{"template":"doc"}</div>\n\n<p id="__SHEAF_ROOT__">x</p>\n\n' +
        '<span id="content">y</span>\n',
    )
    const html = toHtml(result.body)
    expect(html).toContain('id="user-content-__SHEAF_DATA__"')
    expect(html).toContain('id="user-content-__SHEAF_ROOT__"')
    expect(html).toContain('id="user-content-content"')
    expect(ids(result.body)).not.toContain('__SHEAF_DATA__')
    expect(ids(result.body)).not.toContain('__SHEAF_ROOT__')
    expect(ids(result.body)).not.toContain('content')
  })

  it('prefixes name attributes too (globals like document.getElementById cannot be clobbered either)', async () => {
    const result = await md('<a name="options">here</a>\n\n<img name="getElementById" src="/a.png" alt="a">\n')
    const html = toHtml(result.body)
    expect(html).toContain('name="user-content-options"')
    expect(html).toContain('name="user-content-getElementById"')
    expect(html).not.toMatch(/name="(options|getElementById)"/)
  })

  it('prefixes ids on raw headings, and the heading keeps that id in the outline', async () => {
    const result = await md('<h2 id="content">Raw</h2>\n')
    expect(result.toc).toEqual([expect.objectContaining({ id: 'user-content-content', text: 'Raw' })])
  })

  it('keeps engine heading ids unprefixed', async () => {
    const result = await md('# Title\n\n## Options\n\n### `render` API\n')
    expect(result.toc.map((entry) => entry.id)).toEqual(['options', 'render-api'])
    expect(ids(result.body)).toEqual(['title', 'options', 'render-api'])
  })

  it('makes same-page links to a raw id land on its prefixed element, and leaves heading links alone', async () => {
    const result = await md(
      '## Options\n\n<a id="setup"></a>\n\n[to options](#options) [to setup](#setup) [nowhere](#missing)\n',
    )
    const hrefs = elements(result.body)
      .filter((node) => node.tagName === 'a' && node.properties.href)
      .map((node) => node.properties.href)
    expect(hrefs).toEqual(['#options', '#user-content-setup', '#missing'])
    // Another page may link to `#setup`: the anchors a link check accepts include it.
    expect(result.anchors).toEqual(expect.arrayContaining(['options', 'user-content-setup', 'setup']))
  })

  it('resolves links to a raw <a name> the same way', async () => {
    const result = await md('<a name="old-anchor"></a>\n\n[back](#old-anchor)\n')
    const link = elements(result.body).find((node) => node.tagName === 'a' && node.properties.href)
    expect(link?.properties.href).toBe('#user-content-old-anchor')
    expect(result.anchors).toEqual(expect.arrayContaining(['user-content-old-anchor', 'old-anchor']))
  })

  it('gives footnotes the prefix once, with working links both ways', async () => {
    const result = await md('Text[^1].\n\n[^1]: Note.\n')
    const all = elements(result.body)
    const footnoteIds = ids(result.body)
    expect(footnoteIds).toEqual(expect.arrayContaining(['user-content-fn-1', 'user-content-fnref-1']))
    expect(footnoteIds.some((id) => id.startsWith('user-content-user-content-'))).toBe(false)
    for (const link of all.filter((node) => node.tagName === 'a' && String(node.properties.href).startsWith('#'))) {
      expect(footnoteIds).toContain(String(link.properties.href).slice(1))
    }
  })
})

describe('reserved ids', () => {
  it('never gives a heading an id the theme or the engine uses; it is deduplicated like a repeated heading', async () => {
    const result = await md(
      '## Content\n\n## Content\n\n## Sidebar\n\n## `__SHEAF_DATA__`\n\n## `__SHEAF_ROOT__`\n\n## `_r_1_`\n',
    )
    expect(result.toc.map((entry) => entry.id)).toEqual([
      'content-1',
      'content-2',
      'sidebar-1',
      'h-__sheaf_data__',
      'h-__sheaf_root__',
      'h-_r_1_',
    ])
  })

  it('reserves only the engine ids when the theme declares none', async () => {
    const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
    const plain = createMarkdownProcessor({ highlighter, components: themeComponents, sanitize: true })
    // The app root is namespaced (#__SHEAF_ROOT__), so an API heading such as `root` keeps its plain id.
    const result = await plain.process({
      source: '## Content\n\n### `root`\n\n## `__sheaf_x`\n',
      file: 'page.md',
      mdx: false,
    })
    expect(result.toc.map((entry) => entry.id)).toEqual(['content', 'root', 'h-__sheaf_x'])
  })
})
