import { toHtml } from 'hast-util-to-html'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatError } from '../../../../engine/errors.ts'
import { createCodeHighlighter, type CodeHighlighter } from '../../../../engine/markdown/highlighter.ts'
import { createMarkdownProcessor, type MarkdownProcessor } from '../../../../engine/markdown/processor.ts'
import { themeComponents } from '../../../../site/theme/markdown/componentProps.ts'

// Issue 38, item 4: content cannot style or class its way over the page. Raw HTML's classes are
// the theme's API (`mobile-nav__screen` is a full-screen panel), and a home page's `span` reaches
// a `style` attribute.
let highlighter: CodeHighlighter
let processor: MarkdownProcessor

beforeAll(async () => {
  highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
  processor = createMarkdownProcessor({ highlighter, components: themeComponents, sanitize: true })
})

const html = async (source: string, mdx = false) =>
  toHtml((await processor.process({ source, file: mdx ? 'page.mdx' : 'page.md', mdx })).body)

describe('classes written in content', () => {
  it('puts a theme class from raw HTML in the user-content- namespace', async () => {
    const out = await html('# T\n\n<div class="mobile-nav__screen search-modal">Your session expired</div>\n')
    expect(out).toContain('class="user-content-mobile-nav__screen user-content-search-modal"')
    expect(out).not.toMatch(/class="mobile-nav__screen/)
  })

  it('keeps the classes the markdown pipeline makes itself (footnotes, task lists, code languages)', async () => {
    const out = await html('# T\n\nA note[^1].\n\n- [x] done\n\n```js\nx\n```\n\n[^1]: The note.\n')
    expect(out).toContain('class="footnotes"')
    expect(out).toContain('class="sr-only"')
    expect(out).toContain('class="contains-task-list"')
    expect(out).toContain('class="task-list-item"')
    expect(out).not.toContain('user-content-footnotes')
  })

  it("keeps the theme's allowed content classes and an already prefixed class as written", async () => {
    const allowing = createMarkdownProcessor({
      highlighter,
      components: themeComponents,
      sanitize: true,
      contentClasses: ['note'],
    })
    const out = toHtml(
      (
        await allowing.process({
          source: '# T\n\n<p class="note user-content-x hero">x</p>\n',
          file: 'page.md',
          mdx: false,
        })
      ).body,
    )
    expect(out).toContain('class="note user-content-x user-content-hero"')
  })
})

describe("a home page's front-matter is typed at its line", () => {
  const home = (frontmatter: string) =>
    processor
      .process({ source: `---\npageType: home\n${frontmatter}\n---\n`, file: 'content/index.md', mdx: false })
      .then(() => 'ok', formatError)

  it('refuses a feature span that is text (it would reach the style attribute)', async () => {
    const message = await home('features:\n  - title: A\n  - title: B\n    span: "4;position:fixed;inset:0"')
    expect(message).toMatch(
      /^content\/index\.md:6:1\n {2}The home page's front-matter field `features\[1\]\.span` must be number, got "4;position:fixed;inset:0"\.\n {2}Fix: write a whole number of columns from 1 to 12/,
    )
  })

  it('refuses a span outside 1-12 or not whole', async () => {
    expect(await home('features:\n  - title: A\n    span: 13')).toMatch(
      /content\/index\.md:5:1\n.*`features\[0\]\.span`/,
    )
    expect(await home('features:\n  - title: A\n    span: 2.5')).toMatch(/`features\[0\]\.span`/)
  })

  it("refuses a hero action link that is not text, at the action's line", async () => {
    expect(await home('hero:\n  name: Sheaf\n  actions:\n    - text: Go\n      link: [1]')).toMatch(
      /^content\/index\.md:7:1\n {2}The front-matter field `hero\.actions\[0\]\.link` must be a string/,
    )
  })

  it('accepts what the docs show, and fields a theme adds', async () => {
    expect(
      await home(
        'hero:\n  name: Sheaf\n  actions:\n    - text: Go\n      link: /guide/\n      theme: brand\n' +
          'features:\n  - title: A\n    span: 6\n    extra: kept',
      ),
    ).toBe('ok')
  })
})
