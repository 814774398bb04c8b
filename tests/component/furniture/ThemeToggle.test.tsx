import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { SiteContext } from '../../../engine/shared/contexts.ts'
import type { SiteData, ThemeConfig } from '../../../engine/shared/index.ts'
import { ThemeToggle } from '../../../site/theme/furniture/ThemeToggle.tsx'

function renderToggle(themeConfig: ThemeConfig = {}) {
  const site: SiteData = {
    title: 'Docs',
    description: '',
    base: '/',
    url: 'https://example.com',
    lang: 'en',
    themeConfig,
  }
  return render(
    <SiteContext.Provider value={site}>
      <ThemeToggle />
    </SiteContext.Provider>,
  )
}

/** A controllable `prefers-color-scheme: dark` query (jsdom has no matchMedia). */
function mockSystemTheme(dark: boolean) {
  const listeners = new Set<() => void>()
  const query = {
    matches: dark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: () => query })
  return {
    change(nextDark: boolean) {
      query.matches = nextDark
      act(() => listeners.forEach((listener) => listener()))
    },
  }
}

const isDark = () => document.documentElement.classList.contains('dark')

describe('ThemeToggle', () => {
  afterEach(() => {
    document.documentElement.classList.remove('dark')
    Reflect.deleteProperty(window, 'matchMedia')
  })

  it('flips what the reader sees on every click, from a light system setting', async () => {
    const user = userEvent.setup()
    mockSystemTheme(false)
    renderToggle()
    expect(isDark()).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }))
    expect(isDark()).toBe(true)
    expect(localStorage.getItem('sheaf-theme')).toBe('dark')

    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }))
    expect(isDark()).toBe(false)
    expect(localStorage.getItem('sheaf-theme')).toBe('light')

    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }))
    expect(isDark()).toBe(true)
  })

  it('flips to light first from a dark system setting', async () => {
    const user = userEvent.setup()
    mockSystemTheme(true)
    renderToggle()
    expect(isDark()).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }))
    expect(isDark()).toBe(false)
    expect(localStorage.getItem('sheaf-theme')).toBe('light')
  })

  it('offers "follow the system" as a third, keyboard-reachable choice', async () => {
    const user = userEvent.setup()
    const system = mockSystemTheme(true)
    localStorage.setItem('sheaf-theme', 'light')
    renderToggle()
    const follow = screen.getByRole('button', { name: 'Follow the system theme' })
    expect(follow.getAttribute('aria-pressed')).toBe('false')
    expect(isDark()).toBe(false)
    follow.focus()
    await user.keyboard('{Enter}')
    expect(follow.getAttribute('aria-pressed')).toBe('true')
    expect(localStorage.getItem('sheaf-theme')).toBe('auto')
    expect(isDark()).toBe(true)
    system.change(false)
    expect(isDark()).toBe(false)
  })

  it('starts from the stored choice', () => {
    localStorage.setItem('sheaf-theme', 'dark')
    mockSystemTheme(false)
    renderToggle()
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Follow the system theme' }).getAttribute('aria-pressed')).toBe('false')
    expect(isDark()).toBe(true)
  })

  it('treats an unknown stored value as auto', () => {
    localStorage.setItem('sheaf-theme', 'sepia')
    mockSystemTheme(true)
    renderToggle()
    expect(screen.getByRole('button', { name: 'Follow the system theme' }).getAttribute('aria-pressed')).toBe('true')
    expect(isDark()).toBe(true)
  })

  it('follows the system preference while on auto', () => {
    const system = mockSystemTheme(false)
    renderToggle()
    expect(isDark()).toBe(false)
    system.change(true)
    expect(isDark()).toBe(true)
    system.change(false)
    expect(isDark()).toBe(false)
  })

  it('ignores the system preference once a theme is chosen', async () => {
    const user = userEvent.setup()
    const system = mockSystemTheme(false)
    renderToggle()
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }))
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }))
    system.change(true)
    expect(isDark()).toBe(false)
  })

  it('renders nothing when dark mode is turned off', () => {
    const { container } = renderToggle({ darkMode: false })
    expect(container.innerHTML).toBe('')
    expect(screen.queryByRole('button')).toBeNull()
  })
})
