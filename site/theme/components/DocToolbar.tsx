import type { ReactNode } from 'react'
import { MenuIcon } from './Icons.tsx'
import { sidebarId } from '../reservedIds.ts'

export interface DocToolbarProps {
  /** 'Menu' (i18n menuText). */
  menuText: string
  sidebarOpen: boolean
  /** Shows the 'Menu' button when the page has a sidebar. */
  hasSidebar: boolean
  onOpenSidebar: () => void
  /** The outline popup, when the page has one. */
  outline: ReactNode
}

/** The bar under the navbar on narrow screens: 'Menu' opens the sidebar, the outline sits on the right. */
export function DocToolbar({ menuText, sidebarOpen, hasSidebar, onOpenSidebar, outline }: DocToolbarProps) {
  if (!hasSidebar && !outline) return null
  return (
    <div className="doc-toolbar">
      {hasSidebar ? (
        <button
          type="button"
          className="doc-toolbar__menu"
          aria-expanded={sidebarOpen}
          aria-controls={sidebarId}
          onClick={onOpenSidebar}
        >
          <MenuIcon size={16} />
          {menuText}
        </button>
      ) : (
        <span />
      )}
      {outline}
    </div>
  )
}
