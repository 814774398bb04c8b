import { useEffect, useState } from 'react'

const applePlatformRE = /mac|iphone|ipad|ipod/i

/**
 * 'Ctrl K', or '⌘ K' on Apple platforms. The server cannot know the
 * platform, so the first render says 'Ctrl K' everywhere and an effect
 * corrects it after hydration (no mismatch).
 */
export function useShortcutLabel(): string {
  const [label, setLabel] = useState('Ctrl K')
  useEffect(() => {
    if (isApplePlatform()) setLabel('⌘ K')
  }, [])
  return label
}

/** Is the reader on macOS or iOS (where the shortcut is Cmd+K)? */
export function isApplePlatform(): boolean {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } }
  return applePlatformRE.test(nav.userAgentData?.platform || nav.platform || nav.userAgent || '')
}
