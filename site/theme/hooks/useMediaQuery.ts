import { useEffect, useRef } from 'react'

/**
 * Calls `onMatch` whenever the media query starts to match (and once on mount
 * if it already does). Nothing runs during server render.
 *
 * @example
 *   useMediaQuery('(min-width: 768px)', () => setOpen(false))
 */
export function useMediaQuery(query: string, onMatch: () => void): void {
  const callback = useRef(onMatch)
  callback.current = onMatch

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined
    const list = window.matchMedia(query)
    if (list.matches) callback.current()
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) callback.current()
    }
    list.addEventListener('change', onChange)
    return () => list.removeEventListener('change', onChange)
  }, [query])
}
