import { useEffect, useState } from 'react'
import { useSiteData } from 'sheaf/runtime'
import { useTexts } from '../hooks/useTexts.ts'
import { themeStorageKey } from '../themeInit.ts'

export type ThemeMode = 'light' | 'dark' | 'auto'

const darkQuery = '(prefers-color-scheme: dark)'

/**
 * The colour theme: a toggle that flips what the reader sees (light <-> dark)
 * on every click, beside a second button for the third choice, "follow the
 * system" (pressed while it is in force). The choice is stored under
 * 'sheaf-theme' and applied as `html.dark`; auto follows the system preference
 * live. Renders nothing when `themeConfig.darkMode` is false.
 * The server cannot know the reader's theme: both buttons render neutral, and
 * the stored choice and the shown theme are read after hydration
 * (themeInitScript has already set the class before paint).
 */
export function ThemeToggle() {
  const { themeConfig } = useSiteData()
  const texts = useTexts()
  // null until the stored choice is read, so nothing is applied before then.
  const [storedMode, setMode] = useState<ThemeMode | null>(null)
  // What the reader sees now (html.dark), null before hydration.
  const [shownDark, setShownDark] = useState<boolean | null>(null)
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
    const apply = () =>
      setShownDark(applyDark(storedMode === 'dark' || (storedMode === 'auto' && Boolean(media?.matches))))
    apply()
    if (storedMode !== 'auto' || !media) return undefined
    media.addEventListener('change', apply)
    return () => media.removeEventListener('change', apply)
  }, [enabled, storedMode])

  if (!enabled) return null

  function choose(mode: ThemeMode) {
    setMode(mode)
    try {
      window.localStorage.setItem(themeStorageKey, mode)
    } catch {
      // Storage is off: the theme still switches for this page view.
    }
  }

  // Flip what is shown: read the class itself, which is right even before the effects ran.
  const flip = () => choose(document.documentElement.classList.contains('dark') ? 'light' : 'dark')
  const flipLabel = shownDark ? texts.lightThemeText : texts.darkThemeText

  return (
    <span className="sheaf-theme-switch">
      <button
        type="button"
        className="sheaf-theme-toggle"
        data-mode={storedMode ?? 'auto'}
        aria-label={flipLabel}
        title={flipLabel}
        onClick={flip}
      >
        <ModeIcon mode={shownDark ? 'dark' : 'light'} />
      </button>
      <button
        type="button"
        className="sheaf-theme-toggle sheaf-theme-toggle--system"
        aria-label={texts.systemThemeText}
        title={texts.systemThemeText}
        aria-pressed={storedMode === 'auto'}
        onClick={() => choose('auto')}
      >
        <ModeIcon mode="auto" />
      </button>
    </span>
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

function applyDark(dark: boolean): boolean {
  document.documentElement.classList.toggle('dark', dark)
  return dark
}

/** The sun while light is shown, the moon while dark is, a screen for "system". */
function ModeIcon({ mode }: { mode: ThemeMode }) {
  const paths: Record<ThemeMode, string> = {
    light:
      'M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 ' +
      '12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
    dark: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
    auto: 'M3 4h18v12H3zM8 20h8M12 16v4',
  }
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d={paths[mode]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
