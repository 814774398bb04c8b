import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Root } from 'hast'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkAsset, ContentAssets } from '../../../../engine/links/contentAssets.ts'
import { createLinkContext } from '../../../../engine/links/linkContext.ts'
import { resolvePageLinks } from '../../../../engine/links/resolveLinks.ts'
import { takeLinks } from '../../../../engine/markdown/pageLinks.ts'
import type { SheafNode } from '../../../../engine/store/types.ts'

// A 1x1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
let root: string
let outside: string

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-assets-'))
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-assets-out-'))
  fs.mkdirSync(path.join(root, 'docs/guide'), { recursive: true })
  fs.mkdirSync(path.join(root, 'docs/assets'))
  fs.writeFileSync(path.join(root, 'docs/assets/diagram.png'), png)
  fs.writeFileSync(path.join(outside, 'secret.png'), png)
})

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true })
  fs.rmSync(outside, { recursive: true, force: true })
})

const check = (relative: string) => checkAsset(path.join(root, relative), root)

describe('images copied into the assets', () => {
  it('get a URL under assets/ with a hash of their content, which changes with it', () => {
    const first = check('docs/assets/diagram.png')
    expect(first).toEqual({ url: expect.stringMatching(/^\/assets\/diagram-[A-Za-z0-9_-]{8}\.png$/) })
    fs.writeFileSync(path.join(root, 'docs/assets/diagram.png'), Buffer.concat([png, Buffer.from([0])]))
    expect(check('docs/assets/diagram.png')).not.toEqual(first)
  })

  it('refuse a path out of the project, without reading it', () => {
    const result = checkAsset(path.join(outside, 'secret.png'), root)
    expect(result).toMatchObject({ refused: { reason: expect.stringContaining('outside the project') } })
  })

  it('refuse a symbolic link that leads out of the project', () => {
    fs.symlinkSync(path.join(outside, 'secret.png'), path.join(root, 'docs/assets/linked.png'))
    expect(check('docs/assets/linked.png')).toMatchObject({
      refused: { reason: expect.stringContaining('symbolic link'), hint: expect.stringContaining('replace the link') },
    })
  })

  it('accept a symbolic link inside the project', () => {
    fs.symlinkSync(path.join(root, 'docs/assets/diagram.png'), path.join(root, 'docs/assets/alias.png'))
    expect(check('docs/assets/alias.png')).toEqual({ url: expect.stringMatching(/^\/assets\/alias-.{8}\.png$/) })
  })

  it('take a file that is not an image for a dead image, and refuse an SVG with script', () => {
    fs.writeFileSync(path.join(root, 'docs/assets/notes.txt'), 'hello')
    expect(check('docs/assets/notes.txt')).toMatchObject({
      notImage: { reason: expect.stringContaining('not an image') },
    })
    fs.writeFileSync(
      path.join(root, 'docs/assets/bad.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    )
    expect(check('docs/assets/bad.svg')).toMatchObject({ refused: { reason: expect.stringContaining('holds script') } })
    fs.writeFileSync(
      path.join(root, 'docs/assets/good.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>',
    )
    expect(check('docs/assets/good.svg')).toEqual({ url: expect.stringMatching(/^\/assets\/good-.{8}\.svg$/) })
  })

  it('say a missing file is missing', () => {
    expect(check('docs/assets/gone.png')).toEqual({ missing: 'docs/assets/gone.png' })
  })

  it('are read only while the file still gives the same URL', () => {
    const assets = new ContentAssets(root)
    const result = assets.resolve('../assets/diagram.png', 'docs/guide/a.mdx') as { url: string }
    expect(Buffer.from(assets.read(result.url) ?? [])).toEqual(png)
    // The dev server serves an image saved alone as it is now, never one now refused.
    fs.rmSync(path.join(root, 'docs/assets/diagram.png'))
    fs.symlinkSync(path.join(outside, 'secret.png'), path.join(root, 'docs/assets/diagram.png'))
    expect(assets.read(result.url)).toBeNull()
    expect(assets.read(result.url, 'allow')).toBeNull()
    fs.rmSync(path.join(root, 'docs/assets/diagram.png'))
    fs.writeFileSync(path.join(root, 'docs/assets/diagram.png'), Buffer.concat([png, Buffer.from([1])]))
    expect(assets.read(result.url)).toBeNull()
    expect(Buffer.from(assets.read(result.url, 'allow') ?? [])).toEqual(Buffer.concat([png, Buffer.from([1])]))
    expect(assets.read('/assets/other-12345678.png')).toBeNull()
  })
})

function imagePage(sources: string[]): SheafNode {
  const body: Root = {
    type: 'root',
    children: sources.map((src, index) => ({
      type: 'element',
      tagName: 'img',
      properties: { src },
      children: [],
      position: { start: { line: index + 5, column: 1 }, end: { line: index + 5, column: 9 } },
    })),
  }
  return {
    id: 'p',
    type: 'Page',
    parent: null,
    children: [],
    internal: { type: 'Page', contentDigest: '', owner: 'test' },
    relativePath: 'guide/a.mdx',
    path: '/guide/a',
    slug: 'guide/a',
    versionPrefix: '',
    langPrefix: '',
    anchors: [],
    rawBody: body,
    links: takeLinks(structuredClone(body)),
    sourcePath: 'docs/guide/a.mdx',
  }
}

describe('link resolution of images outside the public folder', () => {
  it('gives the copied URL under the base, and lists the image to copy', () => {
    const page = imagePage(['../assets/diagram.png', '../assets/diagram.png?v=1'])
    const assets = new ContentAssets(root)
    const { body, dead } = resolvePageLinks(
      page,
      createLinkContext([page], '/widgets/', new Set(), 'docs/public', assets),
    )
    expect(dead).toEqual([])
    const sources = body.children.map((child) => (child as { properties: { src: string } }).properties.src)
    expect(sources[0]).toMatch(/^\/widgets\/assets\/diagram-.{8}\.png$/)
    expect(sources[1]).toBe(sources[0])
    expect([...assets.byUrl.values()]).toEqual([path.join(root, 'docs/assets/diagram.png')])
  })

  it('reports a missing image as dead and a refused one with its fix, at their lines, copying neither', () => {
    const page = imagePage(['../assets/gone.png', '../../../../../../../../etc/passwd.png'])
    const assets = new ContentAssets(root)
    const { dead } = resolvePageLinks(page, createLinkContext([page], '/', new Set(), 'docs/public', assets))
    expect(dead.map((link) => [link.line, link.reason, link.refusedHint])).toEqual([
      [5, 'no such file: docs/assets/gone.png', undefined],
      [6, expect.stringContaining('outside the project'), expect.stringContaining('copy the image into the project')],
    ])
    expect(assets.byUrl.size).toBe(0)
  })
})
