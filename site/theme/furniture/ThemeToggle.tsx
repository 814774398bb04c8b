import { useEffect, useState } from 'react'
import { useSiteData } from 'sheaf/runtime'
import { themeStorageKey } from '../themeInit.ts'

export type ThemeMode = 'light' | 'dark' | 'auto'

const nextMode: Record<ThemeMode, ThemeMode> = { light: 'dark', dark: 'auto', auto: 'light' }
const modeNames: Record<ThemeMode, string> = { light: 'light', dark: 'dark', auto: 'auto (system)' }
const darkQuery = '(prefers-color-scheme: dark)'

/**
 * Cycles the colour theme light -> dark -> auto, stores the choice under
 * 'sheaf-theme' and applies it as `html.dark`; auto follows the system
 * preference live. Renders nothing when `themeConfig.darkMode` is false.
 * The server renders 'auto'; the stored choice applies after hydration
 * (themeInitScript has already set the class before paint).
 */
export function ThemeToggle() {
  const { themeConfig } = useSiteData()
  // null until the stored choice is read, so nothing is applied before then.
  const [storedMode, setMode] = useState<ThemeMode | null>(null)
  const mode = storedMode ?? 'auto'
  const enabled = themeConfig.darkMode !== false

  useEffect(() => {
    if (!enabled) return undefined
    setMode(readStoredMode())
    // Another browser tab changed the theme.
    const onStorage = (event: StorageEvent) => {
      if (event.key === themeStorageKey) setMode(toMode(event.newValue))
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [enabled])

  useEffect(() => {
    if (!enabled || storedMode === null) return undefined
    const media = window.matchMedia?.(darkQuery)
    const apply = () => applyDark(storedMode === 'dark' || (storedMode === 'auto' && Boolean(media?.matches)))
    apply()
    if (storedMode !== 'auto' || !media) return undefined
    media.addEventListener('change', apply)
    return () => media.removeEventListener('change', apply)
  }, [enabled, storedMode])

  if (!enabled) return null
  const next = nextMode[mode]

  function handleClick() {
    setMode(next)
    try {
      window.localStorage.setItem(themeStorageKey, next)
    } catch {
      // Storage is off: the theme still switches for this page view.
    }
  }

  return (
    <button
      type="button"
      className="sheaf-theme-toggle"
      data-mode={mode}
      aria-label={`Theme: ${modeNames[mode]}. Switch to ${modeNames[next]} theme`}
      title={`Theme: ${modeNames[mode]}. Switch to ${modeNames[next]} theme`}
      onClick={handleClick}
    >
      <ModeIcon mode={mode} />
    </button>
  )
}

/** Any value other than 'light' or 'dark' (none, 'auto', garbage) counts as auto. */
export function toMode(value: string | null): ThemeMode {
  return value === 'light' || value === 'dark' ? value : 'auto'
}

function readStoredMode(): ThemeMode {
  try {
    return toMode(window.localStorage.getItem(themeStorageKey))
  } catch {
    return 'auto'
  }
}

function applyDark(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark)
}

function ModeIcon({ mode }: { mode: ThemeMode }) {
  const paths: Record<ThemeMode, string> = {
    light: 'M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
    dark: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
    auto: 'M3 4h18v12H3zM8 20h8M12 16v4',
  }
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={paths[mode]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
