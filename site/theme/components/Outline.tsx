import { useEffect, useId, useRef, type MouseEvent } from 'react'
import { usePageData } from 'sheaf/runtime'
import { anchorScrollOffset, useActiveHeading } from '../hooks/useActiveHeading.ts'
import { Dropdown } from './Dropdown.tsx'

export interface TocEntry {
  text: string
  id: string
  depth: number
}

export interface OutlineProps {
  toc: TocEntry[]
  /** 'Contents' on this site (i18n outlineTitle). */
  title: string
  /** 'aside' for the right column, 'toolbar' for the narrow-screen popup. */
  variant?: 'aside' | 'toolbar'
}

/**
 * The page outline: h2 and deeper headings (level 1 is skipped), with the
 * heading in view marked. The list fades in (300 ms) on each new page.
 */
export function Outline({ toc, title, variant = 'aside' }: OutlineProps) {
  const { path } = usePageData()
  const entries = toc.filter((entry) => entry.depth >= 2)
  const active = useActiveHeading(entries.map((entry) => entry.id))
  const asideRef = useRef<HTMLElement>(null)
  const titleId = useId()

  useEffect(() => {
    // Keep the active entry visible in a long outline (only the outline scrolls).
    const aside = asideRef.current
    const link = aside?.querySelector<HTMLElement>('.outline__link.is-active')
    if (!aside || !link) return
    const top = link.offsetTop
    if (top < aside.scrollTop || top > aside.scrollTop + aside.clientHeight - 40)
      aside.scrollTop = Math.max(0, top - aside.clientHeight / 2)
  }, [active])
  if (entries.length === 0) return null
  const minDepth = Math.min(...entries.map((entry) => entry.depth))

  const list = (
    <ul key={path} className="outline__list">
      {entries.map((entry) => (
        <li key={entry.id} className={`outline__item outline__item--level-${entry.depth - minDepth}`}>
          <a
            href={`#${entry.id}`}
            className={entry.id === active ? 'outline__link is-active' : 'outline__link'}
            aria-current={entry.id === active ? 'location' : undefined}
            onClick={variant === 'toolbar' ? (event) => scrollBelowToolbar(event, entry.id) : undefined}
          >
            {entry.text}
          </a>
        </li>
      ))}
    </ul>
  )

  if (variant === 'toolbar') {
    return (
      <Dropdown label={title} ariaLabel={title} className="outline-popup">
        <nav aria-label={title}>{list}</nav>
      </Dropdown>
    )
  }
  return (
    <aside ref={asideRef} className="outline" aria-labelledby={titleId}>
      <nav aria-labelledby={titleId}>
        <p id={titleId} className="outline__title">
          {title}
        </p>
        {list}
      </nav>
    </aside>
  )
}

/**
 * On narrow screens the sticky doc toolbar sits under the navbar, so the
 * router's 72 px anchor offset would leave the heading under the toolbar:
 * scroll it to just below the toolbar instead (never less than 72 px).
 */
function scrollBelowToolbar(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const heading = document.getElementById(id)
  const toolbar = event.currentTarget.closest('.doc-toolbar')
  if (!heading || !toolbar || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return
  event.preventDefault()
  if (window.location.hash !== `#${id}`) window.history.pushState(null, '', `#${id}`)
  const offset = Math.max(anchorScrollOffset, toolbar.getBoundingClientRect().bottom + 8)
  window.scrollTo({ top: heading.getBoundingClientRect().top + window.scrollY - offset, behavior: 'auto' })
}
