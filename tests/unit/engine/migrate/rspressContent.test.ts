import { beforeAll, describe, expect, it } from 'vitest'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from '../../../../engine/markdown/processor.ts'

let processor: MarkdownProcessor
beforeAll(async () => {
  processor = createMarkdownProcessor({
    highlighter: await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' }),
    components: themeComponents,
    sanitize: true,
  })
})
const mdx = (source: string) => processor.process({ source, file: 'page.mdx', mdx: true })

describe('MDX imports of Rspress theme components', () => {
  it('accepts multi-line imports from rspress/theme and @theme and renders the theme components', async () => {
    const result = await mdx(
      "import {\n  Tabs,\n  Tab,\n} from 'rspress/theme';\n" +
        'import { PackageManagerTabs, Badge } from \'@theme\';\n\n# T\n\n<Tabs>\n<Tab label="A">\n\nhi\n\n' +
        '</Tab>\n</Tabs>\n\n<Badge text="new" />\n',
    )
    const html = JSON.stringify(result.body)
    expect(html).toContain('"tagName":"Tabs"')
    expect(html).toContain('"tagName":"Badge"')
  })

  it('maps an aliased import to the theme component', async () => {
    const result = await mdx(
      'import { Tab as RTab, Tabs } from \'@theme\'\n\n<Tabs>\n<RTab label="A">x</RTab>\n</Tabs>\n',
    )
    expect(JSON.stringify(result.body)).toContain('"tagName":"Tab"')
  })

  it('drops an unused import of a component the theme lacks from a theme module, and fails at its use', async () => {
    await expect(mdx("import { PrevNextPage } from '@theme'\n\n# T\n")).resolves.toBeTruthy()
    await expect(mdx("import { PrevNextPage } from '@theme'\n\n# T\n\n<PrevNextPage />\n")).rejects.toMatchObject({
      name: 'SheafError',
      line: 5,
      message: expect.stringContaining('Unknown component `<PrevNextPage>`'),
    })
  })

  it('still rejects components imported from elsewhere, and code', async () => {
    await expect(mdx("import { Chart } from '../components/Chart'\n\n# T\n")).rejects.toMatchObject({
      line: 1,
      message: expect.stringContaining('Unknown component import `Chart`'),
    })
    await expect(mdx('export const meta = { a: 1 }\n\n# T\n')).rejects.toMatchObject({
      line: 1,
      message: expect.stringContaining('Only `import { Component }'),
    })
  })
})

describe('Rspress container titles', () => {
  it('reads :::tip{title="..."} as the title, in .md and .mdx', async () => {
    for (const file of ['page.md', 'page.mdx']) {
      const result = await processor.process({
        source: '# T\n\n:::warning{title="Heads up"}\nCareful.\n:::\n',
        file,
        mdx: file.endsWith('.mdx'),
      })
      expect(JSON.stringify(result.body), file).toContain('Heads up')
    }
  })
})

describe('Rspress home pages', () => {
  it('are named by their hero when the front-matter has no title, without a warning', async () => {
    const result = await processor.process({
      source: '---\npageType: home\nhero:\n  name: Acme <b>Widgets</b>\n---\n',
      file: 'index.md',
      mdx: false,
    })
    expect(result.title).toBe('Acme Widgets')
    expect(result.warnings).toEqual([])
  })
})
