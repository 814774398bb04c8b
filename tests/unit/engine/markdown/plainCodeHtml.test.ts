import { describe, expect, it } from 'vitest'
import { createDualThemeHtml } from '../../../../engine/markdown/dualThemeHtml.ts'
import { createCodeHighlighter } from '../../../../engine/markdown/highlighter.ts'

const code = 'a < b && c\n\n  indented\r\nlast'

describe('plain code blocks', () => {
  it('are written without loading shiki, as the dual-theme writer writes them', async () => {
    const highlighter = await createCodeHighlighter({ light: 'github-light', dark: 'github-dark' })
    for (const lang of ['text', 'txt', 'plaintext', 'plain']) {
      const html = await highlighter.highlight(code, lang, new Set([1, 4]))
      expect(html).toBe(
        '<span class="line highlighted"><span>a &lt; b &amp;&amp; c</span></span>\n' +
          '<span class="line"></span>\n<span class="line"><span>  indented</span></span>\n' +
          '<span class="line highlighted"><span>last</span></span>',
      )
    }
    // Nothing above needed shiki: it is loaded only with a grammar (a build's first `text` block loaded it).
    expect(() => highlighter.shiki).toThrow(/not loaded/)
    await highlighter.ensureLanguage('ts')
    const dual = createDualThemeHtml(highlighter.shiki, highlighter.themes)
    expect(await highlighter.highlight(code, 'text', new Set([1, 4]))).toBe(dual.render(code, 'text', new Set([1, 4])))
  }, 60_000)
})
