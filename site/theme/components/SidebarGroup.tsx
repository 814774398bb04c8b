import { useEffect, useId, useState } from 'react'
import { Link, type SidebarItem } from 'sheaf/runtime'
import { ChevronRightIcon } from './Icons.tsx'
import { containsRoute, isActiveLink } from './isSidebarActive.ts'
import { formatText, useTexts } from '../hooks/useTexts.ts'

/** The entries of one sidebar level: links, groups, dividers and section headers. */
export function SidebarItems({ items, route, depth }: { items: SidebarItem[]; route: string; depth: number }) {
  return (
    <ul className={`sidebar__items sidebar__items--depth-${depth}`}>
      {items.map((item, index) => (
        <SidebarEntry
          key={`${index}:${item.text ?? item.sectionHeaderText ?? item.dividerType}`}
          item={item}
          route={route}
          depth={depth}
        />
      ))}
    </ul>
  )
}

function SidebarEntry({ item, route, depth }: { item: SidebarItem; route: string; depth: number }) {
  if (item.dividerType) {
    return (
      <li className="sidebar__divider-item" role="presentation">
        <hr className={`sidebar__divider sidebar__divider--${item.dividerType}`} />
      </li>
    )
  }
  if (item.sectionHeaderText) {
    return (
      <li className="sidebar__section-header">
        <span>{item.sectionHeaderText}</span>
      </li>
    )
  }
  if (item.items?.length) return <SidebarGroup item={item} route={route} depth={depth} />
  return (
    <li>
      <SidebarLink item={item} route={route} />
    </li>
  )
}

/**
 * A group of entries that can collapse. It starts collapsed when the item
 * says `collapsed: true`, unless it holds the active page; navigating to a
 * page inside a collapsed group opens it.
 */
function SidebarGroup({ item, route, depth }: { item: SidebarItem; route: string; depth: number }) {
  const texts = useTexts()
  const holdsActive = containsRoute(item, route)
  const collapsible = item.collapsible !== false
  const [collapsed, setCollapsed] = useState(collapsible && item.collapsed === true && !holdsActive)
  const itemsId = useId()

  useEffect(() => {
    if (holdsActive) setCollapsed(false)
  }, [holdsActive, route])

  const toggle = collapsible ? (
    <button
      type="button"
      className="sidebar__toggle"
      aria-expanded={!collapsed}
      aria-controls={itemsId}
      aria-label={formatText(collapsed ? texts.expandGroupText : texts.collapseGroupText, { label: item.text })}
      onClick={() => setCollapsed(!collapsed)}
    >
      <ChevronRightIcon size={14} className="sidebar__chevron" />
    </button>
  ) : null

  return (
    <li className={`sidebar__group${collapsed ? ' is-collapsed' : ''}${depth === 0 ? ' sidebar__group--top' : ''}`}>
      <div className="sidebar__group-header">
        {item.link ? (
          <SidebarLink item={item} route={route} />
        ) : collapsible ? (
          <button
            type="button"
            className="sidebar__group-title"
            aria-expanded={!collapsed}
            aria-controls={itemsId}
            onClick={() => setCollapsed(!collapsed)}
          >
            {item.text}
          </button>
        ) : (
          <span className="sidebar__group-title">{item.text}</span>
        )}
        {item.link ? (
          toggle
        ) : collapsible ? (
          <ChevronRightIcon size={14} className="sidebar__chevron sidebar__chevron--static" />
        ) : null}
      </div>
      <div id={itemsId} className="sidebar__group-items" hidden={collapsed}>
        <SidebarItems items={item.items ?? []} route={route} depth={depth + 1} />
      </div>
    </li>
  )
}

function SidebarLink({ item, route }: { item: SidebarItem; route: string }) {
  const active = isActiveLink(item.link, route)
  if (!item.link) return <span className="sidebar__link">{item.text}</span>
  return (
    <Link
      to={item.link}
      exactRoute
      className={active ? 'sidebar__link is-active' : 'sidebar__link'}
      aria-current={active ? 'page' : undefined}
    >
      <span>{item.text}</span>
      {item.tag ? <span className="sidebar__tag">{item.tag}</span> : null}
    </Link>
  )
}
