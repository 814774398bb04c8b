import { afterEach, describe, expect, it } from 'vitest'
import { themeInitScript } from '../../../site/theme/themeInit.ts'

function runScript(systemDark: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: () => ({ matches: systemDark }),
  })
  new Function(themeInitScript)()
}

const isDark = () => document.documentElement.classList.contains('dark')

describe('themeInitScript', () => {
  afterEach(() => {
    document.documentElement.classList.remove('dark')
    Reflect.deleteProperty(window, 'matchMedia')
  })

  it('applies a stored dark theme', () => {
    localStorage.setItem('sheaf-theme', 'dark')
    runScript(false)
    expect(isDark()).toBe(true)
  })

  it('keeps a stored light theme on a dark system', () => {
    localStorage.setItem('sheaf-theme', 'light')
    runScript(true)
    expect(isDark()).toBe(false)
  })

  it('follows the system for auto, nothing stored or any other value', () => {
    for (const stored of ['auto', null, 'sepia']) {
      document.documentElement.classList.remove('dark')
      if (stored === null) localStorage.removeItem('sheaf-theme')
      else localStorage.setItem('sheaf-theme', stored)
      runScript(true)
      expect(isDark()).toBe(true)
    }
  })

  it('never throws when matchMedia is missing', () => {
    Reflect.deleteProperty(window, 'matchMedia')
    expect(() => new Function(themeInitScript)()).not.toThrow()
  })
})
