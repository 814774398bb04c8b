import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { App, type PageData, type SiteData, type ThemeConfig } from 'sheaf/runtime'
import type { LayoutData } from '../../../site/theme/components/layoutData.ts'

export const testSite: SiteData = {
  title: 'React Native Testing Library',
  description: 'Helps you to write better tests with less effort.',
  url: 'https://example.org',
  base: '/react-native-testing-library/',
  lang: 'en',
  logo: '/img/logo.svg',
  themeConfig: {},
}

/** Layout data as the plugins give it for a 13.x docs page. */
export function createLayoutData(overrides: Partial<LayoutData> = {}): Partial<LayoutData> {
  return {
    page: { title: 'Queries', description: '', version: '13.x', lang: 'en', pageType: 'doc', frontmatter: {} },
    versions: [
      { name: '12.x', isDefault: false, prefix: '/12.x' },
      { name: '13.x', isDefault: true, prefix: '' },
    ],
    currentVersion: { name: '13.x', isDefault: true, prefix: '' },
    versionLinks: [
      { version: '12.x', path: '/12.x/docs/api/queries', exists: true },
      { version: '13.x', path: '/docs/api/queries', exists: true },
    ],
    locales: [{ lang: 'en', label: 'English', isDefault: true, prefix: '', title: null, description: null }],
    localeLinks: [{ lang: 'en', label: 'English', path: '/docs/api/queries' }],
    nav: [],
    sidebar: [],
    i18n: {
      prevPageText: 'Previous Page',
      nextPageText: 'Next page',
      lastUpdatedText: 'Last Updated',
      sourceText: 'Source',
      searchPlaceholderText: 'Search Docs',
      outlineTitle: 'Contents',
      notFoundTitle: 'PAGE NOT FOUND',
      takeMeHomeText: 'Take me home',
      editLinkText: 'Edit this page',
      menuText: 'Menu',
    },
    searchIndex: null,
    searchConfig: {},
    ...overrides,
  }
}

export interface RenderInAppOptions {
  path?: string
  themeConfig?: ThemeConfig
  layoutData?: Partial<LayoutData>
}

/** Renders a theme component inside the runtime's App (site, page and router contexts). */
export function renderInApp(element: ReactElement, options: RenderInAppOptions = {}) {
  const path = options.path ?? '/docs/api/queries'
  const site = { ...testSite, themeConfig: options.themeConfig ?? {} }
  const page = (currentPath: string): PageData => ({
    path: currentPath,
    template: 'doc',
    context: { path: currentPath },
    data: {},
    layoutData: (options.layoutData ?? createLayoutData()) as Record<string, unknown>,
    bundle: 'test',
  })
  const Template = () => element
  const result = render(<App site={site} page={page(path)} Template={Template} />)
  return {
    ...result,
    /** Re-renders as if the router had navigated to another route. */
    navigate(nextPath: string) {
      result.rerender(<App site={site} page={page(nextPath)} Template={Template} />)
    },
  }
}
