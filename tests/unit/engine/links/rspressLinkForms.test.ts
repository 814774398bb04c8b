import type { Root } from 'hast'
import { describe, expect, it } from 'vitest'
import { createLinkContext } from '../../../../engine/links/linkContext.ts'
import { resolvePageLinks } from '../../../../engine/links/resolveLinks.ts'
import { takeLinks } from '../../../../engine/markdown/pageLinks.ts'
import type { SheafNode } from '../../../../engine/store/types.ts'

// Link forms Rspress resolves (its docs: links with or without `.md`/`.html`, from the page or
// the docs root) in an i18n site whose default language (en) has no prefix in Sheaf.
function page(relativePath: string, path: string, lang: string, langPrefix: string, links: string[] = []): SheafNode {
  const body: Root = {
    type: 'root',
    children: links.map((href, index) => ({
      type: 'element',
      tagName: 'a',
      properties: { href },
      children: [{ type: 'text', value: 'x' }],
      position: { start: { line: index + 1, column: 1 }, end: { line: index + 1, column: 5 } },
    })),
  }
  const slug = path.slice(langPrefix.length).replace(/^\//, '')
  return {
    id: relativePath,
    type: 'Page',
    parent: null,
    children: [],
    internal: { type: 'Page', contentDigest: '', owner: 'test' },
    relativePath,
    path,
    slug,
    versionPrefix: '',
    langPrefix,
    lang,
    anchors: ['setup'],
    rawBody: body,
    links: takeLinks(structuredClone(body)),
    sourcePath: `docs/${relativePath}`,
  }
}

const install = page('en/guide/install.md', '/guide/install', 'en', '')
const home = page('en/index.md', '/', 'en', '')
const zhInstall = page('zh/guide/install.md', '/zh/guide/install', 'zh', '/zh')

function resolve(source: SheafNode) {
  const { body, dead } = resolvePageLinks(
    source,
    createLinkContext([install, home, zhInstall, source], '/widgets/', new Set()),
  )
  return { hrefs: body.children.map((child) => (child as { properties: { href: string } }).properties.href), dead }
}

describe("Rspress's link forms", () => {
  it('resolve .html addresses, bare or absolute, as the page without the extension', () => {
    const source = page('en/guide/start.md', '/guide/start', 'en', '', [
      'install.html#setup',
      'guide/install.html',
      '/guide/install.html',
      '/index.html',
    ])
    expect(resolve(source)).toEqual({
      hrefs: ['/widgets/guide/install#setup', '/widgets/guide/install', '/widgets/guide/install', '/widgets/'],
      dead: [],
    })
  })

  it("accept the default language's folder as a prefix (/en/...), which Sheaf serves without one", () => {
    const source = page('en/guide/start.md', '/guide/start', 'en', '', [
      '/en/guide/install',
      '/en/guide/install.md#setup',
    ])
    expect(resolve(source)).toEqual({ hrefs: ['/widgets/guide/install', '/widgets/guide/install#setup'], dead: [] })
  })

  it('keep another language within itself, and a wrong link dead with what it tried', () => {
    const source = page('zh/guide/start.md', '/zh/guide/start', 'zh', '/zh', ['/guide/install.html', '/en/guide/gone'])
    const result = resolve(source)
    expect(result.hrefs[0]).toBe('/widgets/zh/guide/install')
    expect(result.dead.map((link) => link.href)).toEqual(['/en/guide/gone'])
  })
})
