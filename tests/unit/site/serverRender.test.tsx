// @vitest-environment node
import type { Root } from 'hast'
import { renderToString } from 'react-dom/server'
import { HastContent } from 'sheaf/runtime'
import { describe, expect, it } from 'vitest'
import { SiteContext } from '../../../engine/shared/contexts.ts'
import { ProgressBar } from '../../../site/theme/furniture/ProgressBar.tsx'
import { ScrollToTop } from '../../../site/theme/furniture/ScrollToTop.tsx'
import { ThemeToggle } from '../../../site/theme/furniture/ThemeToggle.tsx'
import { markdownComponents } from '../../../site/theme/markdown/components.tsx'

const body: Root = {
  type: 'root',
  children: [
    {
      type: 'element',
      tagName: 'code-block',
      properties: { lang: 'ts', title: 'a.ts', html: '<span class="line">const a = 1</span>' },
      children: [],
    },
    {
      type: 'element',
      tagName: 'div',
      properties: { dataContainer: 'tip', dataTitle: 'TIP' },
      children: [{ type: 'text', value: 'Hello' }],
    },
    { type: 'element', tagName: 'PackageManagerTabs', properties: { command: 'install jest' }, children: [] },
    { type: 'element', tagName: 'img', properties: { src: '/a.png', alt: 'A' }, children: [] },
  ],
}

describe('theme components on the server', () => {
  it('render without a browser (no window, document or localStorage)', () => {
    expect(typeof window).toBe('undefined')
    const site = { title: 'Docs', description: '', base: '/', url: 'https://example.com', lang: 'en', themeConfig: {} }
    const html = renderToString(
      <SiteContext.Provider value={site}>
        <ProgressBar />
        <ThemeToggle />
        <ScrollToTop />
        <HastContent tree={body} components={markdownComponents} />
      </SiteContext.Provider>,
    )
    expect(html).toContain('<pre class="shiki" tabindex="0"><code><span class="line">const a = 1</span></code></pre>')
    expect(html).toContain('npm install jest')
    expect(html).toContain('aria-label="Switch to dark theme"')
    expect(html).not.toContain('Back to top')
  })
})
