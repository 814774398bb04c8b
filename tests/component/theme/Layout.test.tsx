import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ComponentType } from 'react'
import { App, type LayoutProps, type PageData } from 'sheaf/runtime'
import Layout from '../../../site/theme/Layout.tsx'
import type { LayoutData } from '../../../site/theme/components/layoutData.ts'
import { createLayoutData, testSite } from './renderInApp.tsx'

// The engine loads the layout the same way: its data is the query result, typed by the layout.
const AppLayout = Layout as unknown as ComponentType<LayoutProps>

afterEach(() => window.history.replaceState(null, '', '/'))

function renderLayout(overrides: Partial<LayoutData> = {}) {
  const layoutData = {
    ...createLayoutData(overrides),
    site: { ...testSite, themeConfig: { footer: { copyright: 'Copyright © 2024 Callstack Open Source' } } },
  }
  const page: PageData = {
    path: '/docs/api/queries',
    template: 'doc',
    context: {},
    data: {},
    layoutData: layoutData as Record<string, unknown>,
    bundle: 'test',
  }
  const site = { ...testSite, themeConfig: layoutData.site.themeConfig }
  return render(<App site={site} page={page} Template={() => <h1>Queries</h1>} Layout={AppLayout} />)
}

describe('Layout', () => {
  it('renders the landmarks: banner, main with the template, contentinfo', () => {
    renderLayout()
    expect(screen.getByRole('banner')).toBeTruthy()
    expect(screen.getByRole('main').id).toBe('sheaf-content')
    expect(screen.getByRole('heading', { name: 'Queries' })).toBeTruthy()
    expect(screen.getByRole('contentinfo').textContent).toContain('Copyright © 2024 Callstack Open Source')
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#sheaf-content')
  })

  it('hides the navbar and footer with ?navbar=0&footer=0 after hydration', async () => {
    window.history.replaceState(null, '', '/react-native-testing-library/docs/api/queries?navbar=0&footer=0')
    renderLayout()
    await waitFor(() => expect(screen.queryByRole('banner')).toBeNull())
    expect(screen.queryByRole('contentinfo')).toBeNull()
  })

  it('hides parts switched off in front-matter', () => {
    renderLayout({
      page: {
        title: 'Queries',
        description: '',
        version: '13.x',
        lang: 'en',
        pageType: 'doc',
        frontmatter: { navbar: false },
      },
    })
    expect(screen.queryByRole('banner')).toBeNull()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
  })

  it('sets the page title as "{page} | {site}"', async () => {
    renderLayout()
    await waitFor(() => expect(document.title).toBe('Queries | React Native Testing Library'))
  })
})
