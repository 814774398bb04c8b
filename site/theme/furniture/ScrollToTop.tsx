import { useEffect, useState } from 'react'
import { useTexts } from '../hooks/useTexts.ts'

/**
 * A 'Back to top' button that appears once the page is scrolled past the top.
 * Nothing shows in the server render; the scroll position is read in an effect.
 */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false)
  const { backToTopText } = useTexts()

  useEffect(() => {
    const update = () => setVisible(window.scrollY > 0)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])

  if (!visible) return null

  function handleClick() {
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })
  }

  return (
    <button
      type="button"
      className="sheaf-scroll-to-top"
      aria-label={backToTopText}
      title={backToTopText}
      onClick={handleClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 19V5M5 12l7-7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  )
}
