import type { Root } from 'hast'
import { describe, expect, it } from 'vitest'
import { assertNoDeadLinks } from '../../../../engine/links/deadLinks.ts'
import { createLinkContext } from '../../../../engine/links/linkContext.ts'
import { resolvePageLinks } from '../../../../engine/links/resolveLinks.ts'
import { takeLinks } from '../../../../engine/markdown/pageLinks.ts'
import type { SheafNode } from '../../../../engine/store/types.ts'

function page(
  relativePath: string,
  path: string,
  versionPrefix: string,
  anchors: string[],
  links: string[] = [],
): SheafNode {
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
  return {
    id: relativePath,
    type: 'Page',
    parent: null,
    children: [],
    internal: { type: 'Page', contentDigest: '', owner: 'test' },
    relativePath,
    path,
    slug: versionPrefix ? path.slice(versionPrefix.length + 1) : path,
    versionPrefix,
    langPrefix: '',
    anchors,
    rawBody: body,
    links: takeLinks(structuredClone(body)),
    sourcePath: `content/${relativePath}`,
  }
}

const base = '/rntl/'
const render13 = page('13.x/docs/api/render.md', '/docs/api/render', '', ['options'])
const queries13 = page('13.x/docs/api/queries.md', '/docs/api/queries', '', ['by-role'])
const render12 = page('12.x/docs/api/render.md', '/12.x/docs/api/render', '12.x', ['options'])
const queries12 = page('12.x/docs/api/queries.md', '/12.x/docs/api/queries', '12.x', ['by-role'])

function hrefs(source: SheafNode) {
  const context = createLinkContext([render13, queries13, render12, queries12, source], base, new Set(['/img/a.svg']))
  const { body, dead } = resolvePageLinks(source, context)
  return {
    hrefs: body.children.map((child) => (child as { properties: { href: string } }).properties.href),
    dead,
    body,
  }
}

describe('link rewriting', () => {
  it('turns relative .md links into routes under the base and the same version', () => {
    const source = page(
      '12.x/docs/guides/how-to-query.md',
      '/12.x/docs/guides/how-to-query',
      '12.x',
      [],
      ['../api/queries.md#by-role', '../api/render'],
    )
    expect(hrefs(source).hrefs).toEqual(['/rntl/12.x/docs/api/queries#by-role', '/rntl/12.x/docs/api/render'])
  })

  it('keeps absolute routes within the page version', () => {
    const source = page('12.x/docs/guides/faq.md', '/12.x/docs/guides/faq', '12.x', [], ['/docs/api/render#options'])
    expect(hrefs(source).hrefs).toEqual(['/rntl/12.x/docs/api/render#options'])
  })

  it(
    'resolves links as Rspress does: a bare path from the page folder, then the version root; ' +
      '/x.md within the version',
    () => {
      const source = page(
        '12.x/docs/guides/faq.md',
        '/12.x/docs/guides/faq',
        '12.x',
        [],
        ['docs/api/render', '/docs/api/queries.md#by-role', 'docs/api/queries.mdx'],
      )
      expect(hrefs(source).hrefs).toEqual([
        '/rntl/12.x/docs/api/render',
        '/rntl/12.x/docs/api/queries#by-role',
        '/rntl/12.x/docs/api/queries',
      ])
      expect(hrefs(source).dead).toEqual([])
    },
  )

  it('says which files a dead link tried', () => {
    const source = page(
      '13.x/docs/guides/faq.md',
      '/docs/guides/faq',
      '',
      [],
      ['docs/api/nothing', '/docs/none.md', './gone.md'],
    )
    expect(hrefs(source).dead.map((link) => link.reason)).toEqual([
      'no page at that path; tried content/13.x/docs/guides/docs/api/nothing.md, content/13.x/docs/api/nothing.md',
      'no page at that path; tried content/13.x/docs/none.md',
      'no page at that path; tried content/13.x/docs/guides/gone.md',
    ])
  })

  it('marks external links to open safely and leaves public files under the base', () => {
    const source = page('13.x/docs/a.md', '/docs/a', '', [], ['https://example.com', '/img/a.svg'])
    const { body, hrefs: result } = hrefs(source)
    expect(result).toEqual(['https://example.com', '/rntl/img/a.svg'])
    expect((body.children[0] as { properties: Record<string, unknown> }).properties).toMatchObject({
      target: '_blank',
      rel: ['noopener', 'noreferrer'],
    })
  })
})

describe('dead-link check', () => {
  it('reports every dead link and #anchor together with file:line', () => {
    const source = page(
      '13.x/docs/a.md',
      '/docs/a',
      '',
      ['here'],
      ['./nope.md', '../docs/api/render.md#missing', '#here', '#gone'],
    )
    const { dead } = hrefs(source)
    expect(dead.map((link) => `${link.line} ${link.href}`)).toEqual([
      '1 ./nope.md',
      '2 ../docs/api/render.md#missing',
      '4 #gone',
    ])
    expect(() => assertNoDeadLinks(dead)).toThrow(/3 dead links:\ncontent\/13.x\/docs\/a.md:1:1 {2}\.\/nope.md/)
  })
})

describe("the list of a page's links", () => {
  it('lists links and images with their lines, through elements only, and drops every position', () => {
    const at = (line: number) => ({ start: { line, column: 3 }, end: { line, column: 9 } })
    const body = {
      type: 'root',
      position: at(1),
      children: [
        {
          type: 'element',
          tagName: 'p',
          properties: {},
          position: at(2),
          children: [{ type: 'element', tagName: 'a', properties: { href: './a.md' }, position: at(2), children: [] }],
        },
        { type: 'element', tagName: 'img', properties: { src: '/img/a.svg' }, position: at(4), children: [] },
        // An MDX component's children are its props': neither listed nor rewritten.
        {
          type: 'mdxJsxFlowElement',
          name: 'Tabs',
          position: at(5),
          children: [{ type: 'element', tagName: 'a', properties: { href: './b.md' }, position: at(6), children: [] }],
        },
      ],
    } as unknown as Root
    expect(takeLinks(body)).toEqual([
      { tag: 'a', href: './a.md', line: 2, column: 3 },
      { tag: 'img', href: '/img/a.svg', line: 4, column: 3 },
    ])
    expect(JSON.stringify(body)).not.toContain('position')
  })
})
