import { beforeAll, describe, expect, it } from 'vitest'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'
import { SheafError } from '../../../../engine/errors.ts'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { parseCodeTitle, parseLineRanges } from '../../../../engine/markdown/lineRanges.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from '../../../../engine/markdown/processor.ts'
import { normalizeContainerTitles } from '../../../../engine/markdown/remarkContainers.ts'
import { findUnclosedFence } from '../../../../engine/markdown/unclosedFence.ts'

let processor: MarkdownProcessor

beforeAll(async () => {
  const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
  processor = createMarkdownProcessor({ highlighter, components: themeComponents, sanitize: true })
})

const md = (source: string, mdx = false) => processor.process({ source, file: mdx ? 'page.mdx' : 'page.md', mdx })

describe('code meta', () => {
  it('parses line ranges like {1,3-5}', () => {
    expect([...parseLineRanges('title="a.ts" {1,3-5}')]).toEqual([1, 3, 4, 5])
    expect(parseLineRanges('no ranges').size).toBe(0)
  })

  it('reads the title from the meta', () => {
    expect(parseCodeTitle('title="Button.test.tsx" {2}')).toBe('Button.test.tsx')
    expect(parseCodeTitle("title='a b.ts'")).toBe('a b.ts')
  })
})

describe('outline and headings', () => {
  it('skips level-1 headings in the outline and gives unique GitHub-style ids', async () => {
    const result = await md('# Title\n\n## Install it\n\ntext\n\n## Install it\n\n### `getByRole` options\n')
    expect(result.toc.map((entry) => [entry.id, entry.depth])).toEqual([
      ['install-it', 2],
      ['install-it-1', 2],
      ['getbyrole-options', 3],
    ])
    expect(result.anchors).toContain('title')
    expect(result.title).toBe('Title')
  })

  it('fills charIndex with the heading offset in the plain text', async () => {
    const result = await md('# T\n\nIntro text.\n\n## Second\n\nBody.\n')
    const entry = result.toc[0]
    expect(result.text.slice(entry.charIndex, entry.charIndex + 'Second'.length)).toBe('Second')
  })

  it('prefers the front-matter title, then the h1, then the file name', async () => {
    expect((await md('---\ntitle: From front-matter\n---\n# H1\n')).title).toBe('From front-matter')
    const empty = await processor.process({ source: '', file: 'docs/render-hook.md', mdx: false })
    expect(empty.title).toBe('Render hook')
    expect(empty.warnings[0].message).toContain('empty')
  })
})

describe('containers', () => {
  it('accepts a title after the type or in brackets', () => {
    expect(normalizeContainerTitles(':::tip Custom title\nx\n:::')).toBe(':::tip[Custom title]\nx\n:::')
    expect(normalizeContainerTitles('```md\n:::tip Inside code\n```')).toContain(':::tip Inside code')
  })

  it('renders the seven container types with titles', async () => {
    const result = await md(':::warning Careful\nBody\n:::\n\n:::details[More]\nHidden\n:::\n')
    const [warning, details] = result.body.children.filter((node) => node.type === 'element')
    expect(warning).toMatchObject({ tagName: 'div', properties: { dataContainer: 'warning', dataTitle: 'Careful' } })
    expect(details).toMatchObject({ tagName: 'details', properties: { dataContainer: 'details', dataTitle: 'More' } })
  })

  it('warns on an unknown container type and keeps `a:b` prose as text', async () => {
    const result = await md(':::shout\nHi\n:::\n\nThe key:value pair.\n')
    expect(result.warnings.some((warning) => warning.message.includes('Unknown container type'))).toBe(true)
    expect(result.text).toContain('key:value')
  })
})

describe('code blocks', () => {
  it('highlights with both themes and marks highlighted lines', async () => {
    const result = await md('```tsx title="a.tsx" {2}\nconst a = 1\nconst b = 2\n```\n')
    const block = result.body.children.find((node) => node.type === 'element' && node.tagName === 'code-block')
    expect(block).toMatchObject({ properties: { lang: 'tsx', title: 'a.tsx' } })
    const html = String((block as unknown as { properties: { html: string } }).properties.html)
    expect(html).toContain('--shiki-dark')
    expect(html.match(/class="line highlighted"/g)).toHaveLength(1)
  })

  it('accepts the usual aliases of every SPEC language', async () => {
    for (const lang of [
      'js',
      'ts',
      'tsx',
      'jsx',
      'json',
      'css',
      'scss',
      'less',
      'xml',
      'diff',
      'yaml',
      'yml',
      'markdown',
      'md',
      'bash',
      'sh',
      'shell',
    ]) {
      const result = await md(`# T\n\n\`\`\`${lang}\nx\n\`\`\`\n`)
      expect(result.warnings, lang).toEqual([])
    }
  })

  it('warns on an unknown language and renders the block plain', async () => {
    const result = await md('```klingon\nqapla\n```\n')
    expect(result.warnings[0].message).toContain('Unknown code language `klingon`')
  })

  it('finds an unclosed fence', () => {
    expect(findUnclosedFence('text\n```js\nconst a = 1\n')).toBe(2)
    expect(findUnclosedFence('```js\na\n```\n')).toBeNull()
  })
})

describe('raw HTML is sanitized', () => {
  it('drops scripts, handlers and javascript: URLs, keeps kbd and details', async () => {
    const result = await md(
      '<kbd>Ctrl</kbd> <img src="x" onerror="alert(1)"> <a href="javascript:alert(1)">x</a>\n\n' +
        '<script>alert(1)</script>\n\n<details><summary>S</summary>D</details>\n',
    )
    const json = JSON.stringify(result.body)
    expect(json).toContain('"kbd"')
    expect(json).toContain('"details"')
    expect(json).not.toContain('onerror')
    expect(json).not.toContain('javascript:')
    expect(json).not.toContain('<script')
  })
})

describe('MDX', () => {
  it('maps known components with literal props and drops their imports', async () => {
    const result = await md(
      'import { PackageManagerTabs } from \'@theme\'\n\n# T\n\n<PackageManagerTabs command="install x" />\n\n' +
        '<Tabs groupId="os" values={[\'a\', \'b\']}>\n<Tab label="A">\n\nhi\n\n</Tab>\n</Tabs>\n',
      true,
    )
    const names = result.body.children
      .filter((node) => node.type === 'element')
      .map((node) => (node as { tagName: string }).tagName)
    expect(names).toEqual(['h1', 'PackageManagerTabs', 'Tabs'])
  })

  it('fails on an unknown component with file:line', async () => {
    await expect(md('# T\n\n<Foo />\n', true)).rejects.toMatchObject({
      name: 'SheafError',
      file: 'page.mdx',
      line: 3,
      message: expect.stringContaining('Unknown component `<Foo>`'),
    })
  })

  it('fails on a non-literal prop', async () => {
    await expect(md('<Tabs groupId={someVariable} />\n', true)).rejects.toThrow(/not a literal/)
  })

  it('fails on an MDX syntax error with its position', async () => {
    const error = await md('# T\n\n<Tabs groupId="x">\n', true).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SheafError)
    expect((error as SheafError).line).toBe(3)
  })
})

describe('front-matter', () => {
  it('reports malformed YAML with a line', async () => {
    await expect(md('---\ntitle: [1\n---\n')).rejects.toMatchObject({
      line: 2,
      message: expect.stringContaining('not valid YAML'),
    })
  })

  it('rejects a title of the wrong type', async () => {
    await expect(md('---\ntitle: [1, 2]\n---\n')).rejects.toThrow('The front-matter field `title` must be a string')
  })
})
