import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { SiteContext } from '../../../engine/shared/contexts.ts'
import type { SiteData, ThemeConfig } from '../../../engine/shared/index.ts'
import { ThemeToggle } from '../../../site/theme/furniture/ThemeToggle.tsx'

function renderToggle(themeConfig: ThemeConfig = {}) {
  const site: SiteData = { title: 'Docs', description: '', base: '/', url: 'https://example.com', lang: 'en', themeConfig }
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

  it('cycles light, dark and auto, storing each choice', async () => {
    const user = userEvent.setup()
    mockSystemTheme(false)
    renderToggle()
    const button = screen.getByRole('button', { name: 'Theme: auto (system). Switch to light theme' })

    await user.click(button)
    expect(button.getAttribute('aria-label')).toBe('Theme: light. Switch to dark theme')
    expect(localStorage.getItem('sheaf-theme')).toBe('light')
    expect(isDark()).toBe(false)

    await user.click(button)
    expect(button.getAttribute('aria-label')).toBe('Theme: dark. Switch to auto (system) theme')
    expect(localStorage.getItem('sheaf-theme')).toBe('dark')
    expect(isDark()).toBe(true)

    await user.click(button)
    expect(button.getAttribute('aria-label')).toBe('Theme: auto (system). Switch to light theme')
    expect(localStorage.getItem('sheaf-theme')).toBe('auto')
    expect(isDark()).toBe(false)
  })

  it('starts from the stored choice', () => {
    localStorage.setItem('sheaf-theme', 'dark')
    mockSystemTheme(false)
    renderToggle()
    expect(screen.getByRole('button', { name: 'Theme: dark. Switch to auto (system) theme' })).toBeTruthy()
    expect(isDark()).toBe(true)
  })

  it('treats an unknown stored value as auto', () => {
    localStorage.setItem('sheaf-theme', 'sepia')
    mockSystemTheme(true)
    renderToggle()
    expect(screen.getByRole('button', { name: 'Theme: auto (system). Switch to light theme' })).toBeTruthy()
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
    await user.click(screen.getByRole('button'))
    system.change(true)
    expect(isDark()).toBe(false)
  })

  it('renders nothing when dark mode is turned off', () => {
    const { container } = renderToggle({ darkMode: false })
    expect(container.innerHTML).toBe('')
    expect(screen.queryByRole('button')).toBeNull()
  })
})
