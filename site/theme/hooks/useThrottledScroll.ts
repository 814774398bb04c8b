import { useEffect, useRef } from 'react'

/** SPEC §9: the scroll handler runs at most every 200 ms. */
export const scrollThrottleMs = 200

/**
 * Calls `onScroll` on window scroll, at most once per `waitMs` (leading and
 * trailing edge, so the last position is never missed), and once on mount.
 */
export function useThrottledScroll(onScroll: () => void, waitMs = scrollThrottleMs): void {
  const callback = useRef(onScroll)
  callback.current = onScroll

  useEffect(() => {
    let last = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const run = () => {
      last = Date.now()
      timer = undefined
      callback.current()
    }
    const handle = () => {
      const remaining = waitMs - (Date.now() - last)
      if (remaining <= 0) run()
      else if (!timer) timer = setTimeout(run, remaining)
    }
    run()
    window.addEventListener('scroll', handle, { passive: true })
    return () => {
      window.removeEventListener('scroll', handle)
      if (timer) clearTimeout(timer)
    }
  }, [waitMs])
}
