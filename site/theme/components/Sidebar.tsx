import { useCallback, useEffect, useRef } from 'react'
import type { SidebarItem } from 'sheaf/runtime'
import { CloseIcon } from './Icons.tsx'
import { SidebarItems } from './SidebarGroup.tsx'
import { useTexts } from '../hooks/useTexts.ts'
import { sidebarId } from '../reservedIds.ts'

export interface SidebarProps {
  items: SidebarItem[]
  /** The current route (marks the active link). */
  route: string
  /** Narrow screens: the sidebar is shown over a backdrop while open. */
  open: boolean
  onClose: () => void
}

/**
 * The docs sidebar: collapsible groups, dividers, section headers and the
 * active page (`aria-current="page"`). On narrow screens it slides in over a
 * backdrop; Escape or a click on the backdrop closes it.
 */
export function Sidebar({ items, route, open, onClose }: SidebarProps) {
  const texts = useTexts()
  const asideRef = useRef<HTMLElement>(null)
  // The element that had focus when the sidebar opened (the 'Menu' button).
  const openerRef = useRef<HTMLElement | null>(null)

  // Closing by Escape, the backdrop or the close button gives focus back to the opener,
  // so it does not stay on a link of the hidden sidebar.
  const dismiss = useCallback(() => {
    onClose()
    openerRef.current?.focus()
  }, [onClose])

  useEffect(() => {
    if (!open) return undefined
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    asideRef.current?.querySelector<HTMLElement>('a, button')?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, dismiss])

  useEffect(() => {
    // Bring the active entry into view in a long sidebar (only the sidebar scrolls).
    const aside = asideRef.current
    const active = aside?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!aside || !active) return
    const top = active.offsetTop - aside.clientHeight / 2
    if (active.offsetTop > aside.clientHeight - 40) aside.scrollTop = Math.max(0, top)
  }, [route])

  if (items.length === 0) return null
  return (
    <>
      <div className={open ? 'sidebar-backdrop is-open' : 'sidebar-backdrop'} onClick={dismiss} aria-hidden="true" />
      <aside
        ref={asideRef}
        id={sidebarId}
        className={open ? 'sidebar is-open' : 'sidebar'}
        aria-label={texts.sidebarLabel}
      >
        <button type="button" className="icon-button sidebar__close" aria-label={texts.closeMenuText} onClick={dismiss}>
          <CloseIcon size={20} />
        </button>
        <nav aria-label={texts.pagesNavLabel} className="sidebar__nav">
          <SidebarItems items={items} route={route} depth={0} />
        </nav>
      </aside>
    </>
  )
}
