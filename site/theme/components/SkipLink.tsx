import type { MouseEvent } from 'react'
import { mainId } from '../reservedIds.ts'

/**
 * The first focusable element: jumps past the navbar to the main content.
 * The router treats `#sheaf-content` as an in-page scroll and cancels the browser's
 * default, which would also have moved focus: so focus <main> here.
 */
export function SkipLink({ text }: { text: string }) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(mainId)
    if (!main) return
    event.preventDefault()
    main.focus({ preventScroll: true })
    main.scrollIntoView({ block: 'start' })
  }
  return (
    <a className="skip-link" href={`#${mainId}`} onClick={handleClick}>
      {text}
    </a>
  )
}
