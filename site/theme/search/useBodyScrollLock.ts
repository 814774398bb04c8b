import { useEffect } from 'react'

/** The page behind a modal does not scroll while it is open; its own overflow comes back after. */
export function useBodyScrollLock(): void {
  useEffect(() => {
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
    }
  }, [])
}
