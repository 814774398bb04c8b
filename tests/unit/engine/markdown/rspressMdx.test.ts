import type { Element, Root, RootContent } from 'hast'
import { beforeAll, describe, expect, it } from 'vitest'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'
import { themeReservedIds } from '../../../../site/theme/reservedIds.ts'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from '../../../../engine/markdown/processor.ts'

// MDX as Rspress's documentation writes it (built-in components and their props, imports from
// the theme's three module names), built by the markdown pipeline with this theme's registry.
let processor: MarkdownProcessor

beforeAll(async () => {
  const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
  processor = createMarkdownProcessor({
    highlighter,
    components: themeComponents,
    sanitize: true,
    reservedIds: themeReservedIds,
  })
})

const mdx = (source: string) => processor.process({ source, file: 'page.mdx', mdx: true })

function elements(node: Root | RootContent): Element[] {
  const own = node.type === 'element' ? [node] : []
  return [...own, ...('children' in node ? node.children.flatMap((child) => elements(child)) : [])]
}

const tagNames = (body: Root) => elements(body).map((element) => element.tagName)

describe("Rspress's built-in components", () => {
  it('are imported from @theme, rspress/theme and @rspress/theme-default and render as the theme components', async () => {
    const source = [
      "import { Badge, Card } from '@theme'",
      "import { LinkCard, SourceCode as Source } from 'rspress/theme'",
      "import { Steps, Toc, Overview, NotFoundLayout, HomeLayout } from '@rspress/theme-default'",
      '',
      '# Built-ins',
      '',
      '<Card title="Fast" content="Builds in a second." icon="⚡" style={{ padding: 4 }} />',
      '',
      '<LinkCard href="/guide/start" title="Start" description="The first steps." />',
      '',
      '<Source href="https://github.com/acme/widgets/blob/main/src/index.ts" platform="github" />',
      '',
      '<Steps>',
      '',
      '### Install',
      '',
      'Run it.',
      '',
      '</Steps>',
      '',
      '<Toc />',
      '',
      '<Overview defaultGroupTitle="More" />',
      '',
      '<NotFoundLayout />',
      '',
      '<HomeLayout />',
      '',
    ].join('\n')
    const { body } = await mdx(source)
    expect(tagNames(body)).toEqual(
      expect.arrayContaining([
        'Card',
        'LinkCard',
        'SourceCode',
        'Steps',
        'h3',
        'Toc',
        'Overview',
        'NotFoundLayout',
        'HomeLayout',
      ]),
    )
  })

  it('take a Badge with children or outline, and Tabs whose Tabs have no label when `values` names them', async () => {
    const source = [
      "import { Badge, Tabs, Tab } from '@theme'",
      '',
      '## Status <Badge type="tip" outline>Stable</Badge> <Badge text="new" />',
      '',
      '<Tabs values={[{ label: \'npm\' }, { label: \'yarn\' }]} groupId="pm" defaultValue="yarn">',
      '  <Tab>npm i</Tab>',
      '  <Tab>yarn add</Tab>',
      '</Tabs>',
      '',
    ].join('\n')
    const { body } = await mdx(source)
    const badges = elements(body).filter((element) => element.tagName === 'Badge')
    expect(badges.map((badge) => badge.properties)).toEqual([{ type: 'tip', outline: true }, { text: 'new' }])
    // One Tab a line, as Rspress's docs write them: the Tabs' own children, not a paragraph's.
    const tabs = elements(body).find((element) => element.tagName === 'Tabs')!
    expect(
      tabs.children.filter((child) => child.type === 'element').map((child) => (child as Element).tagName),
    ).toEqual(['Tab', 'Tab'])
  })

  it('still fail on a prop Rspress does not document, at its line', async () => {
    await expect(mdx('# T\n\n<LinkCard href="/x" title="X" target="_blank" />\n')).rejects.toMatchObject({
      line: 3,
      message: expect.stringContaining('`<LinkCard>` has no prop `target`'),
    })
    await expect(mdx('# T\n\n<SourceCode />\n')).rejects.toMatchObject({
      line: 3,
      message: expect.stringContaining('needs the prop `href`'),
    })
  })
})

describe('MDX as Rspress accepts it', () => {
  it('drops comment-only expressions, block and line comments alike', async () => {
    const { body, text } = await mdx(
      '# T\n\n{/* a note for editors */}\n\n{// TODO: write this\n}\n\nText {/* inline */} here.\n',
    )
    expect(text).toContain('Text here.')
    expect(JSON.stringify(body)).not.toContain('TODO')
  })

  it('reads JSX whitespace and string literals as text', async () => {
    const { body } = await mdx(
      "import { Badge } from '@theme'\n\n# T\n\nRead{' '}<Badge text=\"new\" />{' '}now{'!'}\n",
    )
    // The paragraph that holds the badge (a div: a component may render a block).
    const paragraph = elements(body).find((element) =>
      element.children.some((child) => child.type === 'element' && child.tagName === 'Badge'),
    )!
    expect(
      paragraph.children
        .map((child) => (child.type === 'text' ? child.value : `<${(child as Element).tagName}>`))
        .join(''),
    ).toBe('Read <Badge> now!')
  })

  it('still refuses an expression that is code, at its line', async () => {
    await expect(mdx('# T\n\n{new Date().getFullYear()}\n')).rejects.toMatchObject({
      line: 3,
      message: expect.stringContaining('is not allowed'),
    })
  })

  it('takes escaped custom ids `\\{#id}` in .mdx and .md', async () => {
    const fromMdx = await mdx('# T\n\n## Options \\{#options}\n')
    const fromMd = await processor.process({ source: '# T\n\n## Options \\{#options}\n', file: 'page.md', mdx: false })
    for (const result of [fromMdx, fromMd])
      expect(result.toc.map((entry) => [entry.text, entry.id])).toEqual([['Options', 'options']])
  })

  it('keeps an element with an inline event handler, without the handler, and warns once at its line', async () => {
    const { body, warnings } = await mdx(
      '# T\n\n<span onClick="alert(1)" onMouseOver={() => steal()} title="Go">Go</span>\n',
    )
    const span = elements(body).find((element) => element.tagName === 'span')!
    expect(span.properties).toEqual({ title: 'Go' })
    expect(warnings).toEqual([
      expect.objectContaining({
        line: 3,
        message: expect.stringMatching(/`onClick`, `onMouseOver` of `<span>` was dropped/),
      }),
    ])
  })

  it('gives an image imported as a value its path, for link resolution to serve', async () => {
    const { body, links } = await mdx(
      'import logo from \'../public/logo.png\'\n\n# T\n\n<img src={logo} alt="Logo" />\n',
    )
    expect(elements(body).find((element) => element.tagName === 'img')?.properties).toMatchObject({
      src: '../public/logo.png',
      alt: 'Logo',
    })
    expect(links).toEqual([expect.objectContaining({ tag: 'img', href: '../public/logo.png' })])
  })
})

describe("the theme's own ids", () => {
  it('never rename a content heading: `## Sidebar` and `## Content` keep the ids Rspress gives them', async () => {
    const { toc } = await processor.process({
      source: '# T\n\n## Sidebar\n\n## Content\n\n## sheaf-content\n',
      file: 'page.md',
      mdx: false,
    })
    expect(toc.map((entry) => entry.id)).toEqual(['sidebar', 'content', 'sheaf-content-1'])
  })
})
