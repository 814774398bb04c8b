import { useEffect, useState, type KeyboardEvent } from 'react'
import type { SearchHit } from './searchShared.ts'

/**
 * The current hit of a list: back to the first when the hits change, scrolled into view, moved by
 * the arrow keys (wrapping) and opened by Enter (`choose`).
 */
export function useHitNavigation(
  hits: readonly SearchHit[],
  optionId: (index: number) => string,
  choose: (hit: SearchHit) => void,
) {
  const [activeIndex, setActiveIndex] = useState(0)
  useEffect(() => setActiveIndex(0), [hits])
  const activeId = optionId(activeIndex)
  useEffect(() => {
    document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' })
  }, [activeId])

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (hits.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActiveIndex((index) => (index + step + hits.length) % hits.length)
    } else if (event.key === 'Enter') {
      const hit = hits[activeIndex]
      if (!hit) return
      event.preventDefault()
      choose(hit)
    }
  }

  return { activeIndex, setActiveIndex, onKeyDown }
}
