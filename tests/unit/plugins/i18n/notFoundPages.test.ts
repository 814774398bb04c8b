import { describe, expect, it } from 'vitest'
import type { SheafNode } from '../../../../engine/index.ts'
import { i18n } from '../../../../plugins/i18n/index.ts'
import { pagesApi } from '../pagesApi.ts'

function created(pages: Partial<SheafNode>[], templates = ['doc', '404']) {
  const plugin = i18n({
    locales: [
      { lang: 'en', label: 'English' },
      { lang: 'zh', label: '中文' },
    ],
    defaultLang: 'en',
  })
  const made: { path: string; context: Record<string, unknown> }[] = []
  const api = {
    ...pagesApi([]),
    templates,
    getNodesByType: (type: string) => (type === 'Page' ? (pages as SheafNode[]) : []),
    createPage: (page: { path: string; context?: Record<string, unknown> }) =>
      void made.push({ path: page.path, context: page.context ?? {} }),
  }
  plugin.createPages?.(api)
  return made
}

describe("i18n plugin: each language's 404 pages", () => {
  it("writes a language's 404, and one for each older version it has pages in", () => {
    const made = created([
      { lang: 'en', versionPrefix: '12.x' },
      { lang: 'zh', versionPrefix: '' },
      { lang: 'zh', versionPrefix: '12.x' },
      { lang: 'zh', versionPrefix: '12.x' },
    ])
    expect(made).toEqual([
      { path: '/zh/404', context: { path: '/zh/404', lang: 'zh' } },
      { path: '/zh/12.x/404', context: { path: '/zh/12.x/404', lang: 'zh' } },
    ])
  })

  it('writes none when the theme has no 404 template', () => {
    expect(created([{ lang: 'zh', versionPrefix: '12.x' }], ['doc'])).toEqual([])
  })
})
