import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Navbar, type NavbarData } from '../../../site/theme/components/Navbar.tsx'
import type { LayoutData } from '../../../site/theme/components/layoutData.ts'
import { createLayoutData, renderInApp } from './renderInApp.tsx'

const nav = [
  { text: 'Docs', link: '/docs/start/intro', activeMatch: '^/(12\\.x/)?docs/' },
  { text: 'Cookbook', link: '/cookbook/', activeMatch: '^/(12\\.x/)?cookbook/' },
  { text: 'Examples', link: 'https://github.com/callstack/react-native-testing-library/tree/main/examples' },
]

const socialLinks = [
  { icon: 'github', mode: 'link' as const, content: 'https://github.com/callstack/react-native-testing-library' },
  { icon: 'discord', mode: 'link' as const, content: 'https://discord.gg/QbGezWe' },
  { icon: 'x', mode: 'link' as const, content: 'https://x.com/callstackio' },
  { icon: 'npm', mode: 'link' as const, content: 'https://www.npmjs.com/package/@testing-library/react-native' },
]

function navbarData(
  layout: Partial<LayoutData>,
  search: NavbarData['search'] = { indexUrl: null, config: {} },
): NavbarData {
  return {
    versions: layout.versions ?? [],
    currentVersion: layout.currentVersion ?? { name: '13.x', isDefault: true, prefix: '' },
    versionLinks: layout.versionLinks ?? [],
    locales: layout.locales ?? [],
    localeLinks: layout.localeLinks ?? [],
    nav: layout.nav ?? [],
    search,
    lang: 'en',
    searchPlaceholder: 'Search Docs',
  }
}

function renderNavbar(overrides: Partial<LayoutData> = {}, path = '/docs/api/queries') {
  const layout = createLayoutData({ nav, ...overrides })
  return renderInApp(<Navbar data={navbarData(layout)} />, { path, layoutData: layout, themeConfig: { socialLinks } })
}

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' })
}

describe('Navbar', () => {
  it("shows the search box only with the search plugin's slot", () => {
    const layout = createLayoutData({ nav })
    const { unmount } = renderInApp(<Navbar data={navbarData(layout)} />, {
      path: '/docs/api/queries',
      layoutData: layout,
      themeConfig: { socialLinks },
    })
    expect(screen.getByRole('button', { name: /search docs/i })).toBeTruthy()
    unmount()
    renderInApp(<Navbar data={navbarData(layout, null)} />, {
      path: '/docs/api/queries',
      layoutData: layout,
      themeConfig: { socialLinks },
    })
    expect(screen.queryByRole('button', { name: /search docs/i })).toBeNull()
  })

  it('links the title to the root of the current version', () => {
    renderNavbar({ currentVersion: { name: '12.x', isDefault: false, prefix: '/12.x' } }, '/12.x/docs/api/queries')
    expect(screen.getByRole('link', { name: 'React Native Testing Library' })).toHaveProperty(
      'pathname',
      '/react-native-testing-library/12.x/',
    )
  })

  it('shows Docs, Cookbook and Examples and marks the section matching activeMatch', () => {
    renderNavbar()
    const docs = within(mainNav()).getByRole('link', { name: 'Docs' })
    expect(docs.getAttribute('href')).toBe('/react-native-testing-library/docs/start/intro')
    expect(docs.getAttribute('aria-current')).toBe('true')
    expect(within(mainNav()).getByRole('link', { name: 'Cookbook' }).getAttribute('aria-current')).toBeNull()
  })

  it('opens the external Examples link in a new tab', () => {
    renderNavbar()
    const examples = within(mainNav()).getByRole('link', { name: /Examples/ })
    expect(examples.getAttribute('target')).toBe('_blank')
    expect(examples.getAttribute('rel')).toContain('noopener')
  })

  it('opens a dropdown group with the keyboard and closes it on Escape', async () => {
    const user = userEvent.setup()
    renderNavbar({ nav: [{ text: 'More', items: [{ text: 'Blog', link: '/blog/' }] }] })
    const button = within(mainNav()).getByRole('button', { name: 'More' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    await user.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(within(mainNav()).getByRole('link', { name: 'Blog' })).toBeTruthy()
    await user.keyboard('{Escape}')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('shows the version switcher with two versions, keeping the current page', async () => {
    const user = userEvent.setup()
    renderNavbar()
    await user.click(screen.getByRole('button', { name: /Version 13\.x/ }))
    const link = screen.getByRole('link', { name: '12.x' })
    expect(link.getAttribute('href')).toBe('/react-native-testing-library/12.x/docs/api/queries')
  })

  it('hides the version switcher with one version', () => {
    renderNavbar({ versions: [{ name: '13.x', isDefault: true, prefix: '' }] })
    expect(screen.queryByRole('button', { name: /Version/ })).toBeNull()
  })

  it('hides the language switcher with one locale and shows it with two', () => {
    const { unmount } = renderNavbar()
    expect(screen.queryByRole('button', { name: /Language/ })).toBeNull()
    unmount()
    renderNavbar({
      locales: [
        { lang: 'en', label: 'English', isDefault: true, prefix: '', title: null, description: null },
        { lang: 'zh', label: '简体中文', isDefault: false, prefix: '/zh', title: '小工具', description: null },
      ],
      localeLinks: [
        { lang: 'en', label: 'English', path: '/docs/api/queries' },
        { lang: 'zh', label: '简体中文', path: '/zh/docs/api/queries' },
      ],
    })
    fireEvent.click(screen.getByRole('button', { name: /Language English/ }))
    expect(screen.getByRole('link', { name: '简体中文' }).getAttribute('href')).toBe(
      '/react-native-testing-library/zh/docs/api/queries',
    )
  })

  it("shows a language's own site title (i18n `locales[].title`, as Rspress's per-language title)", () => {
    const layout = createLayoutData({
      nav,
      locales: [
        { lang: 'en', label: 'English', isDefault: true, prefix: '', title: null, description: null },
        { lang: 'zh', label: '简体中文', isDefault: false, prefix: '/zh', title: '小工具', description: null },
      ],
    })
    const { unmount } = renderInApp(<Navbar data={{ ...navbarData(layout), lang: 'zh' }} />, {
      path: '/zh/docs/api/queries',
      layoutData: layout,
    })
    expect(screen.getByRole('link', { name: '小工具' })).toHaveProperty('pathname', '/react-native-testing-library/zh/')
    unmount()
    renderInApp(<Navbar data={navbarData(layout)} />, { layoutData: layout })
    expect(screen.getByRole('link', { name: 'React Native Testing Library' })).toBeTruthy()
  })

  it('shows the first three social links and puts the rest in a more popup', async () => {
    const user = userEvent.setup()
    renderNavbar()
    expect(screen.getByRole('link', { name: /GitHub/ })).toBeTruthy()
    expect(screen.getByRole('link', { name: /Discord/ })).toBeTruthy()
    expect(screen.getByRole('link', { name: /^X/ })).toBeTruthy()
    expect(screen.queryByRole('link', { name: /npm/ })).toBeNull()

    const more = screen.getByRole('button', { name: 'More links' })
    await user.click(more)
    expect(screen.getByRole('link', { name: /npm/ }).getAttribute('href')).toBe(socialLinks[3].content)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('link', { name: /npm/ })).toBeNull()
    expect(document.activeElement).toBe(more)
  })

  it('opens the full-screen nav from the hamburger and closes it on a route change', async () => {
    const user = userEvent.setup()
    const { navigate } = renderNavbar()
    const hamburger = screen.getByRole('button', { name: 'Open navigation' })
    await user.click(hamburger)
    const mobile = screen.getByRole('navigation', { name: 'Mobile' })
    expect(within(mobile).getByRole('link', { name: 'Cookbook' })).toBeTruthy()
    navigate('/cookbook/')
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Open navigation' }).getAttribute('aria-expanded')).toBe('false')
  })
})
