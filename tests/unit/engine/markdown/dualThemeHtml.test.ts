import type { Element, ElementContent } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDualThemeHtml, type DualThemeHtml } from '../../../../engine/markdown/dualThemeHtml.ts'
import { createCodeHighlighter, type CodeHighlighter } from '../../../../engine/markdown/highlighter.ts'

const samples: Record<string, string> = {
  tsx:
    "import { render, screen } from '@testing-library/react-native';\n\ntest('greets', async () => {\n" +
    '  render(<Greeting name="Ada" />);\n  expect(await screen.findByText(/hello, ada/i)).toBeOnTheScreen();\n' +
    '});',
  ts:
    'type Props = { onPress?: () => void; count: number }\nconst a: Props = { count: 1 } as const // a comment\n' +
    '/** doc */\nexport default a',
  bash:
    'npm install --save-dev @testing-library/react-native\nyarn add -D jest # and jest\n' +
    'echo "$HOME" && ls -la | grep x',
  json: '{\n  "preset": "react-native",\n  "setupFilesAfterEach": ["./jest.setup.js"],\n  "n": 1, "b": true\n}',
  diff: '- const view = render(<App />)\n+ render(<App />)\n  screen.getByText("x")',
  yaml: 'name: ci\non: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest # comment',
  css:
    '.shiki span { color: var(--shiki-light); font-style: italic }\n' +
    '@media (prefers-color-scheme: dark) { a:hover { color: #fff } }',
}

/** Per visible character, its light and dark colour and font style: what a reader sees. */
function rendering(html: string): string {
  let out = ''
  for (const match of html.matchAll(/<span style="([^"]*)">([^<]*)<\/span>|(\n)/g)) {
    if (match[3]) {
      out += '\n'
      continue
    }
    const style = Object.fromEntries(match[1].split(';').map((part) => part.split(':') as [string, string]))
    const text = match[2].replace(/&lt;|&#x3C;/g, '<').replace(/&amp;|&#x26;/g, '&')
    const look = ['--shiki-light', '--shiki-dark', '--shiki-light-font-style', '--shiki-dark-font-style']
      .map((name) => (style[name] ?? '').toLowerCase())
      .join('/')
    out += [...text].map((char) => (/\s/.test(char) ? char : `${char}{${look}}`)).join('')
  }
  return out
}

let highlighter: CodeHighlighter
let dual: DualThemeHtml

beforeAll(async () => {
  highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
  for (const lang of Object.keys(samples)) await highlighter.ensureLanguage(lang)
  dual = createDualThemeHtml(highlighter.shiki, highlighter.themes)
}, 60_000)

describe('dual-theme highlighting from one tokenization', () => {
  for (const [lang, code] of Object.entries(samples)) {
    it(`colours ${lang} exactly as shiki's two-pass output does`, () => {
      // shiki cuts a line's tokenizing short after 500 ms by default: on a loaded machine the reference, not ours, came
      // out uncoloured.
      const hast = highlighter.shiki.codeToHast(code, {
        lang,
        themes: highlighter.themes,
        defaultColor: false,
        tokenizeTimeLimit: 60_000,
      })
      const pre = hast.children[0] as Element
      const inner = pre.children.find(
        (child): child is Element => child.type === 'element' && child.tagName === 'code',
      ) as Element
      const reference = toHtml(inner.children as ElementContent[])
      const mine = dual.render(code, lang, new Set())
      expect(rendering(mine)).toBe(rendering(reference))
      // Not all in the default colour: the grammar really ran.
      expect(mine).toMatch(/--shiki-light:#(?!24292E)/i)
    })
  }

  it('marks highlighted lines, escapes markup and keeps one span.line per line', () => {
    const html = dual.render('const a = 1\nconst b = "</script><b>"\n\nend', 'ts', new Set([2]))
    const lines = html.split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toMatch(/^<span class="line highlighted">/)
    expect(lines[0]).toMatch(/^<span class="line">/)
    expect(lines[2]).toBe('<span class="line"></span>')
    expect(html).not.toContain('</script>')
    expect(html).toContain('&lt;/script>&lt;b>')
  })

  it('reuses a repeated line only when it starts in an equal state', () => {
    // The same highlighter renders every block of a build: a line seen before in another block
    // is taken from its cache. Each block must come out as a fresh highlighter renders it.
    const blocks: [string, string][] = [
      ['ts', "import { render } from '@testing-library/react-native'\nconst a = 1"],
      ['ts', "/*\nimport { render } from '@testing-library/react-native'\nconst a = 1\n*/\nconst a = 1"],
      ['ts', "const s = `\nconst a = 1\n`\nimport { render } from '@testing-library/react-native'"],
      [
        'tsx',
        "import { render } from '@testing-library/react-native'\nconst a = 1\nconst v = <View>\nconst a = 1\n</View>",
      ],
    ]
    const shared = createDualThemeHtml(highlighter.shiki, highlighter.themes)
    for (const [lang, code] of [...blocks, ...blocks]) {
      expect(shared.render(code, lang, new Set([2]))).toBe(
        createDualThemeHtml(highlighter.shiki, highlighter.themes).render(code, lang, new Set([2])),
      )
    }
    // Inside a comment the line is a comment, not the code it was in the first block.
    const inComment = shared.render(blocks[1][1], 'ts', new Set()).split('\n')[1]
    const asCode = shared.render(blocks[0][1], 'ts', new Set()).split('\n')[0]
    expect(inComment).not.toBe(asCode)
  })

  it('shows plain text without colours', () => {
    expect(dual.render('a < b & c', 'text', new Set())).toBe('<span class="line"><span>a &lt; b &amp; c</span></span>')
  })

  it('keeps the whole text of a line whose tokenizing is cut short, in the default colour', () => {
    const line = Array.from({ length: 1500 }, (_, index) => `value${index} + `).join('') + 'end'
    const hurried = createDualThemeHtml(highlighter.shiki, highlighter.themes, { tokenizeTimeLimit: 1 })
    const html = hurried.render(`${line}\nconst after = 1`, 'ts', new Set())
    const text = html
      .replace(/<[^>]+>/g, '')
      .replace(/&#x3C;|&lt;/g, '<')
      .replace(/&amp;|&#x26;/g, '&')
    expect(text).toBe(`${line}\nconst after = 1`)
  })
})
