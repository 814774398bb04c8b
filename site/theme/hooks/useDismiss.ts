import { useEffect, type RefObject } from 'react'

/**
 * While `open`, closes a popup on Escape (returning focus to its trigger) and
 * on a pointer press outside `containerRef`.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  containerRef: RefObject<HTMLElement | null>,
  triggerRef: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return undefined
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      close()
      triggerRef.current?.focus()
    }
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      const container = containerRef.current
      if (container && !container.contains(event.target as Node)) close()
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('mousedown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('mousedown', onPointerDown)
    }
  }, [open, close, containerRef, triggerRef])
}
