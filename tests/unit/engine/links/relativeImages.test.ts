import type { Root } from 'hast'
import { describe, expect, it } from 'vitest'
import { createLinkContext } from '../../../../engine/links/linkContext.ts'
import { resolvePageLinks } from '../../../../engine/links/resolveLinks.ts'
import { takeLinks } from '../../../../engine/markdown/pageLinks.ts'
import type { SheafNode } from '../../../../engine/store/types.ts'

// An MDX page that imports an image as a value (`import logo from '../../public/logo.png'`) gets
// the path as written as its `src` (see markdown/mdxAssetImports.ts): a file of the public folder
// is served at its URL under the base; anything else is dead at its line, with what to do.
function imagePage(sources: string[]): SheafNode {
  const body: Root = {
    type: 'root',
    children: sources.map((src, index) => ({
      type: 'element',
      tagName: 'img',
      properties: { src },
      children: [],
      position: { start: { line: index + 3, column: 1 }, end: { line: index + 3, column: 9 } },
    })),
  }
  return {
    id: 'p',
    type: 'Page',
    parent: null,
    children: [],
    internal: { type: 'Page', contentDigest: '', owner: 'test' },
    relativePath: 'v2/en/guide/assets.mdx',
    path: '/guide/assets',
    slug: 'guide/assets',
    versionPrefix: '',
    langPrefix: '',
    anchors: [],
    rawBody: body,
    links: takeLinks(structuredClone(body)),
    sourcePath: 'docs/v2/en/guide/assets.mdx',
  }
}

describe('images by relative path', () => {
  it('serve a file of the public folder at its URL under the base', () => {
    const page = imagePage(['../../../public/logo.png'])
    const { body, dead } = resolvePageLinks(
      page,
      createLinkContext([page], '/widgets/', new Set(['/logo.png']), 'docs/public'),
    )
    expect(dead).toEqual([])
    expect((body.children[0] as { properties: { src: string } }).properties.src).toBe('/widgets/logo.png')
  })

  it(
    "serve a path that climbs to a folder of the public folder's name (a migrated page sits one version folder " +
      'deeper)',
    () => {
      const page = imagePage(['../../public/logo.png'])
      const { body, dead } = resolvePageLinks(
        page,
        createLinkContext([page], '/widgets/', new Set(['/logo.png']), 'docs/public'),
      )
      expect(dead).toEqual([])
      expect((body.children[0] as { properties: { src: string } }).properties.src).toBe('/widgets/logo.png')
    },
  )

  it('are dead at their line when outside the public folder or missing from it', () => {
    const page = imagePage(['./diagram.png', '../../../public/gone.png'])
    const { dead } = resolvePageLinks(
      page,
      createLinkContext([page], '/widgets/', new Set(['/logo.png']), 'docs/public'),
    )
    expect(dead.map((link) => [link.line, link.reason])).toEqual([
      [
        3,
        'images by relative path must be in docs/public; move the file there and write its path from there, ' +
          'e.g. /img/diagram.svg',
      ],
      [4, 'no such file in docs/public'],
    ])
  })
})
