import { useEffect, type RefObject } from 'react'

const focusableSelector =
  'a[href]:not([tabindex="-1"]), button:not([disabled]), input:not([disabled]), textarea, select, ' +
  '[tabindex]:not([tabindex="-1"])'

/** Keeps Tab and Shift+Tab inside `container` while it is mounted. */
export function useFocusTrap(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = container.current
    if (!element) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const focusable = [...element.querySelectorAll<HTMLElement>(focusableSelector)]
      if (focusable.length === 0) return event.preventDefault()
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      const current = document.activeElement
      if (event.shiftKey && (current === first || !element.contains(current))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (current === last || !element.contains(current))) {
        event.preventDefault()
        first.focus()
      }
    }
    element.addEventListener('keydown', onKeyDown)
    return () => element.removeEventListener('keydown', onKeyDown)
  }, [container])
}
