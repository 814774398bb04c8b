import { useEffect, useRef } from 'react'
import { usePageData } from 'sheaf/runtime'

/**
 * Calls `onChange` after a client navigation to another page (not on the
 * first render), e.g. to close a menu that was open when a link was clicked.
 */
export function useRouteChange(onChange: (path: string) => void): void {
  const { path } = usePageData()
  const previous = useRef(path)
  const callback = useRef(onChange)
  callback.current = onChange

  useEffect(() => {
    if (previous.current === path) return
    previous.current = path
    callback.current(path)
  }, [path])
}
