import { useState } from 'react'
import { useThrottledScroll } from './useThrottledScroll.ts'

/** SPEC §9: headings land this far below the top (the fixed navbar) after an anchor jump. */
export const anchorScrollOffset = 72

/**
 * The id of the heading the reader is in: the last of `ids` whose top has
 * passed just below the navbar (the last one at the very bottom of the page).
 * Null before the first scroll check, so the server render marks none.
 */
export function useActiveHeading(ids: string[]): string | null {
  const [active, setActive] = useState<string | null>(null)
  const key = ids.join('\n')

  useThrottledScroll(() => {
    const list = key ? key.split('\n') : []
    let current: string | null = null
    for (const id of list) {
      const element = document.getElementById(id)
      if (!element) continue
      if (element.getBoundingClientRect().top <= anchorScrollOffset + 8) current = id
      else break
    }
    const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2
    if (atBottom && window.scrollY > 0 && list.length > 0) current = list[list.length - 1]
    setActive(current)
  })

  return active
}
