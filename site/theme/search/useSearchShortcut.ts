import { useEffect, useRef } from 'react'

/** Calls `onShortcut` on Ctrl+K or Cmd+K anywhere on the page. */
export function useSearchShortcut(onShortcut: () => void): void {
  const callback = useRef(onShortcut)
  callback.current = onShortcut
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        callback.current()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}
