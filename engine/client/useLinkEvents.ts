import { useEffect } from 'react'
import { findNavigableAnchor } from './links.ts'
import type { NavigateOptions } from './useNavigate.ts'

/**
 * Takes over the document's links: a click on a page link navigates in place, hovering or focusing
 * a same-origin link prefetches it, and the browser's back and forward navigate without a reload.
 */
export function useLinkEvents(
  navigate: (href: string, options?: NavigateOptions) => Promise<void>,
  prefetch: (href: string) => void,
): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = findNavigableAnchor(event)
      if (!anchor) return
      event.preventDefault()
      void navigate(anchor.href)
    }
    const onHover = (event: Event) => {
      const target = event.target as Element | null
      const anchor = target?.closest?.('a[href]') as HTMLAnchorElement | null
      if (anchor && anchor.origin === window.location.origin && !anchor.hasAttribute('download')) prefetch(anchor.href)
    }
    const onPopState = () => void navigate(window.location.href, { fromHistory: true })
    document.addEventListener('click', onClick)
    document.addEventListener('mouseover', onHover, { passive: true })
    document.addEventListener('focusin', onHover)
    window.addEventListener('popstate', onPopState)
    return () => {
      document.removeEventListener('click', onClick)
      document.removeEventListener('mouseover', onHover)
      document.removeEventListener('focusin', onHover)
      window.removeEventListener('popstate', onPopState)
    }
  }, [navigate, prefetch])
}
