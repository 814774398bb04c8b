import { isExternalHref, Link, usePageData, type NavItem } from 'sheaf/runtime'
import { Dropdown } from './Dropdown.tsx'
import { ExternalIcon } from './Icons.tsx'
import { isNavActive } from './isNavActive.ts'
import { useTexts } from '../hooks/useTexts.ts'

export interface NavMenuProps {
  items: NavItem[]
  /** 'bar' for the desktop navbar, 'screen' for the full-screen mobile nav (groups open in place). */
  variant?: 'bar' | 'screen'
}

/** Navbar entries: links and dropdown groups, with the active one marked. */
export function NavMenu({ items, variant = 'bar' }: NavMenuProps) {
  const { path } = usePageData()
  if (items.length === 0) return null
  return (
    <ul className={`nav-menu nav-menu--${variant}`}>
      {items.map((item) => (
        <li key={`${item.text}:${item.link ?? ''}`} className="nav-menu__item">
          {item.items?.length ? (
            variant === 'bar' ? (
              <Dropdown label={item.text} className={isNavActive(item, path) ? 'is-active' : undefined}>
                <ul className="dropdown__list">
                  {item.items.map((child) => (
                    <li key={`${child.text}:${child.link ?? ''}`}>
                      <NavLink item={child} active={isNavActive(child, path)} />
                    </li>
                  ))}
                </ul>
              </Dropdown>
            ) : (
              <div className="nav-menu__group">
                <p className="nav-menu__group-title">{item.text}</p>
                <ul>
                  {item.items.map((child) => (
                    <li key={`${child.text}:${child.link ?? ''}`}>
                      <NavLink item={child} active={isNavActive(child, path)} />
                    </li>
                  ))}
                </ul>
              </div>
            )
          ) : (
            <NavLink item={item} active={isNavActive(item, path)} />
          )}
        </li>
      ))}
    </ul>
  )
}

/** One nav link; external links open in a new tab and say so. */
export function NavLink({ item, active }: { item: NavItem; active: boolean }) {
  const texts = useTexts()
  if (!item.link) return <span className="nav-link">{item.text}</span>
  const external = isExternalHref(item.link)
  return (
    <Link
      to={item.link}
      className={active ? 'nav-link is-active' : 'nav-link'}
      aria-current={active ? 'true' : undefined}
    >
      {item.text}
      {item.tag ? <span className="nav-link__tag">{item.tag}</span> : null}
      {external ? (
        <>
          <ExternalIcon size={12} className="nav-link__external" />
          <span className="sr-only"> {texts.opensInNewTabText}</span>
        </>
      ) : null}
    </Link>
  )
}
