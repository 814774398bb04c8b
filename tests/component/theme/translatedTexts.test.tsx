import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ComponentType } from 'react'
import { App, type LayoutProps, type PageData, type SiteData, type TemplateProps } from 'sheaf/runtime'
import { defaultTexts, type UiTexts } from '../../../plugins/i18n/texts.ts'
import Layout from '../../../site/theme/Layout.tsx'
import type { LayoutData } from '../../../site/theme/components/layoutData.ts'
import Doc, { type DocData } from '../../../site/theme/templates/Doc.tsx'
import { SearchResults } from '../../../site/theme/search/SearchResults.tsx'
import { zhTexts } from '../../fixtures/i18n/site/zhTexts.ts'

const AppLayout = Layout as unknown as ComponentType<LayoutProps>
const DocTemplate = Doc as unknown as ComponentType<TemplateProps>

/**
 * The texts the i18n plugin gives a Chinese page of the i18n fixture: its defaults under the
 * fixture's `texts.zh` (the plugin itself imports the engine, which does not load in jsdom).
 */
function pluginTextsFor(): UiTexts {
  return { ...defaultTexts, ...zhTexts }
}

const site: SiteData = {
  title: '测试站点',
  description: '',
  url: 'https://example.org',
  base: '/i18n/',
  lang: 'en',
  themeConfig: {
    socialLinks: ['github', 'discord', 'x', 'npm'].map((icon) => ({
      icon,
      mode: 'link' as const,
      content: `https://example.org/${icon}`,
    })),
    editLink: { docRepoBaseUrl: 'https://example.org/edit/', text: undefined as unknown as string },
  },
}

/** A Chinese doc page on an older version, with every part of the frame shown. */
function zhDocPage(): PageData {
  const layoutData: Partial<LayoutData> = {
    site: { ...site, themeConfig: site.themeConfig },
    page: { title: '快速开始', description: '', version: '1.0', lang: 'zh', pageType: 'doc', frontmatter: {} },
    versions: [
      { name: '1.0', isDefault: false, prefix: '/1.0' },
      { name: '2.0', isDefault: true, prefix: '' },
    ],
    currentVersion: { name: '1.0', isDefault: false, prefix: '/1.0' },
    versionLinks: [
      { version: '1.0', path: '/1.0/zh/guide/start', exists: true },
      { version: '2.0', path: '/zh/guide/start', exists: true },
    ],
    locales: [
      { lang: 'en', label: 'English', isDefault: true, prefix: '', title: null, description: null },
      { lang: 'zh', label: '简体中文', isDefault: false, prefix: '/zh', title: '小工具', description: null },
    ],
    localeLinks: [
      { lang: 'en', label: 'English', path: '/1.0/guide/start' },
      { lang: 'zh', label: '简体中文', path: '/1.0/zh/guide/start' },
    ],
    nav: [
      { text: '指南', link: '/1.0/zh/guide/start' },
      { text: '仓库', link: 'https://example.org/repo' },
    ],
    sidebar: [
      {
        text: '指南',
        items: [
          { text: '快速开始', link: '/1.0/zh/guide/start' },
          { text: '下一步', link: '/1.0/zh/guide/next' },
        ],
      },
    ],
    i18n: pluginTextsFor(),
    searchIndex: null,
    searchConfig: {},
  }
  const data: DocData = {
    page: {
      title: '快速开始',
      body: {
        type: 'root',
        children: [
          { type: 'element', tagName: 'h2', properties: { id: 'a' }, children: [{ type: 'text', value: '安装' }] },
          { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: '正文。' }] },
        ],
      },
      toc: [{ text: '安装', id: 'a', depth: 2 }],
      lastUpdated: null,
      sourcePath: 'zh/guide/start.md',
      lang: 'zh',
      path: '/1.0/zh/guide/start',
    },
    prevNext: { prev: { text: '首页', link: '/1.0/zh/' }, next: { text: '下一步', link: '/1.0/zh/guide/next' } },
  }
  return {
    path: '/1.0/zh/guide/start',
    template: 'doc',
    context: {},
    data: data as unknown as Record<string, unknown>,
    layoutData: layoutData as Record<string, unknown>,
    bundle: 'test',
  }
}

/** What a reader sees or hears: text, accessible names and tooltips. */
function uiStrings(root: HTMLElement): string[] {
  const strings = [root.textContent ?? '']
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = element.getAttribute(attribute)
      if (value) strings.push(value)
    }
  }
  return strings
}

/** Fails with each English UI text (a default's words outside its placeholders) found in the strings. */
function englishTextsIn(strings: string[]): string[] {
  const found = new Set<string>()
  for (const [key, english] of Object.entries(defaultTexts)) {
    for (const fragment of english
      .split(/\{\w+\}/)
      .map((part: string) => part.replace(/^[\s:,.("]+|[\s:,.)"]+$/g, ''))) {
      if (fragment.length < 3) continue
      if (strings.some((text) => text.includes(fragment))) found.add(`${key}: ${fragment}`)
    }
  }
  // Any other Latin word is a hard-coded text too (names that are not UI texts are allowed).
  const allowed = new Set(['English', 'GitHub', 'Discord', 'npm', 'Markdown', 'Ctrl'])
  for (const text of strings)
    for (const word of text.match(/[A-Za-z]{3,}/g) ?? [])
      if (!allowed.has(word)) found.add(`latin: ${word} (in "${text.slice(0, 80)}")`)
  return [...found]
}

describe('the theme in the i18n fixture’s second language (zh)', () => {
  it('shows no English UI text in the frame and a doc page', async () => {
    const { container } = render(<App site={site} page={zhDocPage()} Template={DocTemplate} Layout={AppLayout} />)
    // Scrolled: the back-to-top button shows.
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 400 })
    act(() => void window.dispatchEvent(new Event('scroll')))
    // The full-screen menu, with the language and version lists and the theme toggle.
    fireEvent.click(screen.getAllByRole('button', { name: zhTexts.openNavigationText })[0])
    await screen.findByRole('button', { name: zhTexts.backToTopText })
    const strings = uiStrings(container)
    expect(strings.join(' ')).toContain(zhTexts.oldVersionBannerText.replace('{version}', '1.0'))
    expect(englishTextsIn(strings)).toEqual([])
    Reflect.deleteProperty(window, 'scrollY')
  })

  it('shows no English in search results and their empty state', () => {
    const page = zhDocPage()
    const hit = {
      id: 'h1',
      type: 'header' as const,
      title: '安装',
      link: '/1.0/zh/guide/start#a',
      header: '安装',
      content: '',
      highlights: [],
    }
    const results = (groups: Parameters<typeof SearchResults>[0]['groups']) => (
      <App
        site={site}
        page={page}
        Template={() => (
          <SearchResults
            listboxId="r"
            query="无此词"
            groups={groups}
            activeIndex={0}
            optionId={(index) => `o${index}`}
            hrefOf={(item) => item.link}
            onActivate={() => undefined}
            onChoose={() => undefined}
          />
        )}
      />
    )
    const { container, rerender } = render(results([]))
    expect(container.textContent).toContain('没有找到“无此词”的结果。')
    const empty = uiStrings(container)
    rerender(results([{ key: 'header', label: 'Sections', hits: [hit as never] }]))
    expect(englishTextsIn([...empty, ...uiStrings(container)])).toEqual([])
  })
})
