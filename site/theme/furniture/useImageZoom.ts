import { useEffect, useRef } from 'react'
import type { Zoom } from 'medium-zoom'

/** Delay before attaching, so images of a freshly rendered page are in the DOM (SPEC §9). */
const attachDelayMs = 100
const lightBackground = '#fff'
const darkBackground = 'var(--sheaf-c-bg, #1b1b1f)'

/**
 * Makes `img[data-zoomable]` inside the article zoom on click (medium-zoom:
 * margin 0, closes on Escape, click, resize or after scrolling 40 px).
 * Re-attaches after each client navigation: pass the page path as `path`.
 * medium-zoom is loaded only when the page has such an image, so the server
 * never imports it and a page without images never downloads it.
 *
 * @example
 *   useImageZoom(page.path)
 */
export function useImageZoom(path: string, selector = 'article img[data-zoomable]'): void {
  // One zoom per mounted hook: medium-zoom adds document listeners on creation
  // that detach() does not remove, so creating one per page would pile them up.
  const zoomRef = useRef<Zoom | null>(null)

  useEffect(() => {
    let cancelled = false
    const timer = setTimeout(async () => {
      if (!zoomRef.current && !document.querySelector(selector)) return
      const { default: mediumZoom } = await import('medium-zoom')
      if (cancelled) return
      if (!zoomRef.current) {
        const zoom = mediumZoom({ margin: 0, background: lightBackground, scrollOffset: 40 })
        // The theme can change while the page is open: pick the overlay colour on each open.
        zoom.on('open', () => zoom.update({ background: isDark() ? darkBackground : lightBackground }))
        zoomRef.current = zoom
      }
      zoomRef.current.attach(selector)
    }, attachDelayMs)
    return () => {
      cancelled = true
      clearTimeout(timer)
      zoomRef.current?.detach()
    }
  }, [path, selector])
}

function isDark(): boolean {
  return document.documentElement.classList.contains('dark')
}
