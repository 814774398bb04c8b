import { useRef, useState } from 'react'
import { useThrottledScroll } from './useThrottledScroll.ts'

/**
 * For `hideNavbar: 'scroll'`: true after the reader scrolls down past
 * `offset`, false again as soon as they scroll up. Always false when `enabled`
 * is false, and false in the server render.
 */
export function useHideOnScroll(enabled: boolean, offset = 64): boolean {
  const [hidden, setHidden] = useState(false)
  const lastY = useRef(0)

  useThrottledScroll(() => {
    const y = window.scrollY
    if (!enabled) setHidden(false)
    else if (y > lastY.current && y > offset) setHidden(true)
    else if (y < lastY.current) setHidden(false)
    lastY.current = y
  })

  return enabled && hidden
}
