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
    // Wait a frame so React has hoisted the new <title>.
    const timer = setTimeout(() => {
      const heading = document.querySelector('main h1')?.textContent
      setMessage(document.title || heading || path)
    }, 50)
    return () => clearTimeout(timer)
  }, [path])

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" role="status">
      {message}
    </div>
  )
}
