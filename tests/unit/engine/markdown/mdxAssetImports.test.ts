import type { Element, Root, RootContent } from 'hast'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { assetImportPath, unsupportedImportExtension } from '../../../../engine/markdown/mdxAssetImports.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from '../../../../engine/markdown/processor.ts'

// An MDX page's `import x from '<image>'` is read as data (the path from the page), used only as
// an `<img>`'s `src`; link resolution then gives the image's URL (tests/unit/engine/links/contentAssets.test.ts).
const imports = { root: '/site', aliases: { '@': 'docs/1.0', '@shared': 'docs/shared' } }
let processor: MarkdownProcessor

beforeAll(async () => {
  const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
  processor = createMarkdownProcessor({
    highlighter,
    components: themeComponents,
    sanitize: true,
    fragmentImports: imports,
  })
})

const mdx = (source: string) => processor.process({ source, file: 'docs/1.0/guide/page.mdx', mdx: true })

function images(node: Root | RootContent): Element[] {
  const children = 'children' in node ? node.children.flatMap((child) => images(child as RootContent)) : []
  return node.type === 'element' && node.tagName === 'img' ? [node, ...children] : children
}

describe('the path an asset import names', () => {
  it('is the path as written when relative, and from the page through the longest alias', () => {
    expect(assetImportPath('../assets/a.png', 'docs/1.0/guide/page.mdx', imports)).toBe('../assets/a.png')
    expect(assetImportPath('@/public/logo.svg', 'docs/1.0/guide/page.mdx', imports)).toBe('../public/logo.svg')
    expect(assetImportPath('@shared/img/b.webp', 'docs/1.0/guide/page.mdx', imports)).toBe('../../shared/img/b.webp')
    expect(assetImportPath('@/guide/here.png', 'docs/1.0/guide/page.mdx', imports)).toBe('./here.png')
  })

  it('is none for a module, an unknown alias or a package', () => {
    expect(assetImportPath('@components/Card', 'docs/1.0/guide/page.mdx', imports)).toBeNull()
    expect(assetImportPath('@other/a.png', 'docs/1.0/guide/page.mdx', imports)).toBeNull()
    expect(assetImportPath('some-package/a.png', 'docs/1.0/guide/page.mdx', imports)).toBeNull()
  })

  it('knows a file that is neither an image nor a module', () => {
    expect(unsupportedImportExtension('./data.json')).toBe('.json')
    expect(unsupportedImportExtension('@/notes.txt')).toBe('.txt')
    expect(unsupportedImportExtension('../components/Card.tsx')).toBeNull()
    expect(unsupportedImportExtension('@components/Card')).toBeNull()
    expect(unsupportedImportExtension('./a.png')).toBeNull()
  })
})

describe('images imported as values in MDX', () => {
  it("become an img's src, relative or through an alias", async () => {
    const { body, links } = await mdx(
      "import diagram from '../assets/diagram.png'\nimport logo from '@/public/logo.svg'\n\n# T\n\n" +
        '<img src={diagram} alt="Diagram" />\n\n<img src={logo} alt="Logo" />\n',
    )
    expect(images(body).map((image) => image.properties.src)).toEqual(['../assets/diagram.png', '../public/logo.svg'])
    expect(links.map((link) => [link.href, link.line])).toEqual([
      ['../assets/diagram.png', 6],
      ['../public/logo.svg', 8],
    ])
  })

  it('fail at the line when used anywhere but an img src', async () => {
    await expect(
      mdx('import logo from \'./logo.png\'\n\n# T\n\n<Card title="x" image={logo} />\n'),
    ).rejects.toMatchObject({ line: 5, message: expect.stringContaining('can only be the `src` of an `<img>`') })
    await expect(mdx("import logo from './logo.png'\n\n# T\n\n<a href={logo}>x</a>\n")).rejects.toMatchObject({
      line: 5,
    })
    await expect(mdx("import logo from './logo.png'\n\n# T\n\n{logo}\n")).rejects.toMatchObject({
      line: 5,
      message: expect.stringContaining('not allowed'),
    })
  })

  it('refuse an import of a file that is neither an image nor a module, at its line', async () => {
    await expect(mdx("# T\n\nimport data from './data.json'\n")).rejects.toMatchObject({
      line: 3,
      message: expect.stringContaining('not a `.json` file'),
    })
  })
})

describe('an image a fragment imports as a value', () => {
  it('is given as its path from the page that shows the fragment', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-fragment-assets-'))
    try {
      fs.mkdirSync(path.join(root, 'docs/shared'), { recursive: true })
      fs.writeFileSync(
        path.join(root, 'docs/shared/_figure.mdx'),
        'import chart from \'./img/chart.png\'\n\n<img src={chart} alt="Chart" />\n',
      )
      const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
      const withFragments = createMarkdownProcessor({
        highlighter,
        components: themeComponents,
        sanitize: true,
        fragmentImports: { root, aliases: {} },
      })
      const source = "import Figure from '../shared/_figure.mdx'\n\n# T\n\n<Figure />\n"
      const { body, links } = await withFragments.process({ source, file: 'docs/guide/page.mdx', mdx: true })
      expect(images(body).map((image) => image.properties.src)).toEqual(['../shared/img/chart.png'])
      expect(links.map((link) => link.href)).toEqual(['../shared/img/chart.png'])
    } finally {
      fs.rmSync(root, { recursive: true, force: true })
    }
  })
})
