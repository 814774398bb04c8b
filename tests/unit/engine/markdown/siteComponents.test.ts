import type { Element, Root, RootContent } from 'hast'
import { beforeAll, describe, expect, it } from 'vitest'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from '../../../../engine/markdown/processor.ts'
import { openProps } from '../../../../engine/config/siteComponentsOption.ts'

// A site's own MDX components (the config's `components`) beside this theme's: `Card` is both
// the theme's and the site's; `Note` declares its props, `Card` and `Greeting` take any.
let processor: MarkdownProcessor

beforeAll(async () => {
  const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
  const components = {
    ...themeComponents,
    'site:Card': openProps,
    'site:Greeting': openProps,
    'site:Note': { level: { type: 'number', required: true } },
  } as const
  processor = createMarkdownProcessor({ highlighter, components, sanitize: true })
})

const mdx = (source: string) => processor.process({ source, file: 'page.mdx', mdx: true })

function elements(node: Root | RootContent): Element[] {
  const own = node.type === 'element' ? [node] : []
  return [...own, ...('children' in node ? node.children.flatMap((child) => elements(child)) : [])]
}

const component = (body: Root, tag: string) => elements(body).find((element) => element.tagName === tag)
const propsOf = (element: Element | undefined) =>
  JSON.parse(String(element?.properties.dataSheafProps ?? '{}')) as Record<string, unknown>

describe("a site's own MDX components", () => {
  it("are the site's where a page imports them from its code, the theme's where it imports them from the theme", async () => {
    const { body } = await mdx(
      [
        "import Card from '@components/Card'",
        "import { Card as ThemeCard } from '@theme'",
        '',
        '<Card title="Mine" tags={["a", "b"]} />',
        '',
        '<ThemeCard title="Theirs" />',
      ].join('\n'),
    )
    expect(propsOf(component(body, 'site:Card'))).toEqual({ title: 'Mine', tags: ['a', 'b'] })
    expect(component(body, 'Card')?.properties.title).toBe('Theirs')
  })

  it("are the theme's without an import when the theme has that name, the site's otherwise", async () => {
    const { body } = await mdx('<Card title="Theirs" />\n\n<Greeting name="you" />\n')
    expect(component(body, 'Card')).toBeDefined()
    expect(propsOf(component(body, 'site:Greeting'))).toEqual({ name: 'you' })
  })

  it('take a named import by its export name, renamed locally', async () => {
    const { body } = await mdx('import { Greeting as Hi } from \'../../components/Greeting\'\n\n<Hi name="there" />\n')
    expect(propsOf(component(body, 'site:Greeting'))).toEqual({ name: 'there' })
  })

  it('check declared props at the element, and name the component as the page writes it', async () => {
    await expect(mdx('<Note />\n')).rejects.toThrow(/`<Note>` needs the prop `level`/)
    await expect(mdx('<Note level="high" />\n')).rejects.toThrow(/The prop `level` of `<Note>` must be a number/)
    await expect(mdx('<Missing />\n')).rejects.toThrow(
      /Unknown component `<Missing>`\. Known components: .*Card.*Greeting, Note/,
    )
  })

  it('refuse props that would make markup, script or React props of content, at the element', async () => {
    await expect(
      mdx('# T\n\n<Greeting dangerouslySetInnerHTML={{ __html: "<img src=x onerror=alert(1)>" }} />\n'),
    ).rejects.toMatchObject({
      line: 3,
      message: expect.stringContaining('The prop `dangerouslySetInnerHTML` of `<Greeting>` is not allowed'),
    })
    await expect(mdx('<Greeting srcDoc="<script>alert(1)</script>" />\n')).rejects.toThrow(
      /`srcDoc` of `<Greeting>` is not allowed/,
    )
    await expect(mdx('<Greeting children="x" />\n')).rejects.toThrow(/`children` of `<Greeting>` is not allowed/)
    await expect(mdx('<Greeting name={window.name} />\n')).rejects.toThrow(/is not a literal/)
  })

  it('keep hostile strings as data: an id gets the content prefix, an event handler is dropped', async () => {
    const { body } = await mdx(
      '<Greeting id="__SHEAF_DATA__" name="</script><script>alert(1)</script>" href="javascript:alert(1)" ' +
        'onClick="alert(1)" />\n',
    )
    const props = propsOf(component(body, 'site:Greeting'))
    expect(props).toEqual({
      id: 'user-content-__SHEAF_DATA__',
      name: '</script><script>alert(1)</script>',
      href: 'javascript:alert(1)',
    })
    expect(Object.keys(component(body, 'site:Greeting')?.properties ?? {})).toEqual(['dataSheafProps'])
  })
})
