import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useDismiss } from '../hooks/useDismiss.ts'
import { useMediaQuery } from '../hooks/useMediaQuery.ts'
import { useRouteChange } from '../hooks/useRouteChange.ts'
import { CloseIcon, MenuIcon } from './Icons.tsx'
import { useTexts } from '../hooks/useTexts.ts'

/** SPEC §9: the open mobile nav closes once the window is at least this wide. */
export const mobileNavCloseQuery = '(min-width: 768px)'

/**
 * The hamburger button of narrow screens (shown below 1024 px by CSS) and the
 * full-screen nav it opens. Closes on a route change, on Escape (focus goes
 * back to the button) and when the window reaches 768 px.
 */
export function MobileNav({ children }: { children: ReactNode }) {
  const texts = useTexts()
  const [open, setOpen] = useState(false)
  const screenId = useId()
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, close, containerRef, buttonRef)
  useRouteChange(close)
  useMediaQuery(mobileNavCloseQuery, close)

  useEffect(() => {
    // Keep the page behind the full-screen nav from scrolling.
    document.documentElement.classList.toggle('has-mobile-nav', open)
    return () => document.documentElement.classList.remove('has-mobile-nav')
  }, [open])

  return (
    <div ref={containerRef} className="mobile-nav">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button mobile-nav__button"
        aria-expanded={open}
        aria-controls={screenId}
        aria-label={open ? texts.closeNavigationText : texts.openNavigationText}
        onClick={() => setOpen(!open)}
      >
        {open ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
      </button>
      {/* Mounted only while open, so stateful parts (the theme toggle) start from the current state. */}
      <div id={screenId} className="mobile-nav__screen" hidden={!open}>
        {open ? (
          <nav aria-label={texts.mobileNavLabel} className="mobile-nav__content">
            {children}
          </nav>
        ) : null}
      </div>
    </div>
  )
}
