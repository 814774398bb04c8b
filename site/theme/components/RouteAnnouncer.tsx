import { useEffect, useRef, useState } from 'react'
import { usePageData } from 'sheaf/runtime'

/**
 * A polite live region that reads out the new page's title after a client
 * navigation (a full page load is announced by the browser itself).
 */
export function RouteAnnouncer() {
  const { path } = usePageData()
  const [message, setMessage] = useState('')
  const previous = useRef(path)

  useEffect(() => {
    if (previous.current === path) return undefined
    previous.current = path
    // The head's <Helmet>s set the new title in the next animation frame (react-helmet-async
    // defers its DOM update to one, asked for while the page rendered); a frame callback asked
    // for now runs after theirs, in the same frame, so it reads the new title whatever the load.
    const frame = requestAnimationFrame(() => {
      const heading = document.querySelector('main h1')?.textContent
      setMessage(document.title || heading || path)
    })
    return () => cancelAnimationFrame(frame)
  }, [path])

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" role="status">
      {message}
    </div>
  )
}
