import { beforeAll, describe, expect, it } from 'vitest'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'
import { escapeCustomHeadingIds } from '../../../../engine/markdown/customHeadingIds.ts'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from '../../../../engine/markdown/processor.ts'

let processor: MarkdownProcessor

beforeAll(async () => {
  const highlighter = await createCodeHighlighter(
    { light: 'github-light', dark: 'github-dark' },
    { regexEngine: 'javascript' },
  )
  processor = createMarkdownProcessor({
    highlighter,
    components: themeComponents,
    sanitize: true,
    reservedIds: ['content'],
  })
}, 60_000)

const headings = (body: unknown) => JSON.stringify(body).match(/"tagName":"h[1-6]","properties":\{"id":"[^"]*"\}/g)

describe('custom heading ids ({#id}, as Rspress, Docusaurus and VitePress write them)', () => {
  for (const mdx of [false, true]) {
    it(`takes the id and drops it from the text in .${mdx ? 'mdx' : 'md'}`, async () => {
      const source =
        '# Title\n\n## Render options {#options}\n\nText.\n\n### Second {#second.part}\n\n[jump](#options)\n'
      const result = await processor.process({ source, file: mdx ? 'page.mdx' : 'page.md', mdx })
      expect(result.toc).toEqual([
        { text: 'Render options', id: 'options', depth: 2, charIndex: expect.any(Number) },
        { text: 'Second', id: 'second.part', depth: 3, charIndex: expect.any(Number) },
      ])
      expect(result.anchors).toContain('options')
      expect(result.text).not.toContain('{#')
      expect(JSON.stringify(result.body)).toContain('"href":"#options"')
    })
  }

  it('never takes a reserved id or one used already on the page', async () => {
    const source = '## A {#content}\n\n## B {#same}\n\n## C {#same}\n\n## Same\n'
    const result = await processor.process({ source, file: 'page.md', mdx: false })
    expect(result.toc.map((entry) => entry.id)).toEqual(['content-1', 'same', 'same-1', 'same-2'])
    expect(headings(result.body)).toHaveLength(4)
  })

  it('leaves {#id} inside code fences and outside headings alone', () => {
    const source = '```md\n## In a fence {#kept}\n```\n\nA paragraph {#not-a-heading}\n\n## Heading {#id}\n'
    expect(escapeCustomHeadingIds(source)).toBe(
      '```md\n## In a fence {#kept}\n```\n\nA paragraph {#not-a-heading}\n\n## Heading \\{#id}\n',
    )
  })

  it('keeps an id with characters an id cannot take as text', async () => {
    const result = await processor.process({ source: '## Odd {#a b}\n', file: 'page.md', mdx: false })
    expect(result.toc[0].text).toBe('Odd {#a b}')
  })
})
