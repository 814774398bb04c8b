import type { Root } from 'hast'
import { describe, expect, it } from 'vitest'
import { validateConfig } from '../../../../engine/config/validateConfig.ts'
import { SheafError } from '../../../../engine/errors.ts'
import { reportDeadLinks } from '../../../../engine/links/deadLinks.ts'
import { createLinkContext } from '../../../../engine/links/linkContext.ts'
import { resolvePageLinks } from '../../../../engine/links/resolveLinks.ts'
import { takeLinks } from '../../../../engine/markdown/pageLinks.ts'
import type { SheafNode } from '../../../../engine/store/types.ts'

function page(relativePath: string, path: string, anchors: string[], links: string[] = []): SheafNode {
  const body: Root = {
    type: 'root',
    children: links.map((href, index) => ({
      type: 'element',
      tagName: 'a',
      properties: { href },
      children: [{ type: 'text', value: 'x' }],
      position: { start: { line: index + 3, column: 2 }, end: { line: index + 3, column: 9 } },
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
    slug: path,
    versionPrefix: '',
    langPrefix: '',
    anchors,
    rawBody: body,
    links: takeLinks(structuredClone(body)),
    sourcePath: `docs/${relativePath}`,
  }
}

function deadLinksOf(links: string[]) {
  const target = page('guide/target.md', '/guide/target', ['options'])
  const source = page('guide/source.md', '/guide/source', ['here'], links)
  return resolvePageLinks(source, createLinkContext([target, source], '/', new Set())).dead
}

describe("links.deadAnchors: 'warn'", () => {
  it('turns a dead #anchor on an existing page into a warning with file:line, and builds', () => {
    const warnings: string[] = []
    reportDeadLinks(
      deadLinksOf(['./target.md#gone', '#nowhere', './target.md#options']),
      { deadAnchors: 'warn' },
      (message) => warnings.push(message),
    )
    expect(warnings).toEqual([
      'dead anchor: docs/guide/source.md:3:2  ./target.md#gone  (docs/guide/target.md has no heading with id "gone")',
      'dead anchor: docs/guide/source.md:4:2  #nowhere  (no heading with id "nowhere" on this page)',
    ])
  })

  it('still fails on a link to a missing page, listing only the page links', () => {
    const warnings: string[] = []
    const report = () =>
      reportDeadLinks(deadLinksOf(['./missing.md', './target.md#gone']), { deadAnchors: 'warn' }, (message) =>
        warnings.push(message),
      )
    expect(report).toThrow(SheafError)
    expect(report).toThrow(/^1 dead link:\ndocs\/guide\/source.md:3:2 {2}\.\/missing.md/)
    expect(warnings[0]).toMatch(/#gone/)
  })

  it("with 'error' (the default) a dead #anchor fails the build", () => {
    const warnings: string[] = []
    expect(() =>
      reportDeadLinks(deadLinksOf(['./target.md#gone']), { deadAnchors: 'error' }, (message) => warnings.push(message)),
    ).toThrow(/1 dead link:.*#gone/s)
    expect(warnings).toEqual([])
  })
})

describe('config field links', () => {
  const minimal = { title: 'Docs', theme: { templates: { doc: 'Doc.tsx' } } }
  it("defaults to deadAnchors 'error' and accepts 'warn'", () => {
    expect(validateConfig(minimal, '/site', '/site/config.ts').links).toEqual({ deadAnchors: 'error' })
    expect(validateConfig({ ...minimal, links: { deadAnchors: 'warn' } }, '/site', '/site/config.ts').links).toEqual({
      deadAnchors: 'warn',
    })
  })
  it('rejects another value with the field and the fix', () => {
    expect(() => validateConfig({ ...minimal, links: { deadAnchors: 'ignore' } }, '/site', '/site/config.ts')).toThrow(
      /`links` must be `\{ deadAnchors: 'warn' \| 'error' \}`/,
    )
  })
})
