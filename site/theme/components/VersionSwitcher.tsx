import { Link } from 'sheaf/runtime'
import { Dropdown } from './Dropdown.tsx'
import type { VersionInfo, VersionLink } from './layoutData.ts'
import { formatText, useTexts } from '../hooks/useTexts.ts'

export interface VersionSwitcherProps {
  versions: VersionInfo[]
  current: VersionInfo
  /** The current page in every version (its home when the page is absent there). */
  links: VersionLink[]
  variant?: 'bar' | 'screen'
}

/** Switches between documentation versions, staying on the same page when it exists. Hidden with one version. */
export function VersionSwitcher({ versions, current, links, variant = 'bar' }: VersionSwitcherProps) {
  const texts = useTexts()
  if (versions.length <= 1) return null
  const entries = versions.map((version) => ({
    version,
    path: links.find((link) => link.version === version.name)?.path ?? (version.prefix ? `${version.prefix}/` : '/'),
  }))
  const list = (
    <ul className="dropdown__list">
      {entries.map(({ version, path }) => (
        <li key={version.name}>
          <Link
            to={path}
            exactRoute
            className={version.name === current.name ? 'nav-link is-active' : 'nav-link'}
            aria-current={version.name === current.name ? 'true' : undefined}
          >
            {version.name}
          </Link>
        </li>
      ))}
    </ul>
  )
  if (variant === 'screen') {
    return (
      <div className="nav-menu__group">
        <p className="nav-menu__group-title">{texts.versionText}</p>
        {list}
      </div>
    )
  }
  return (
    <Dropdown
      label={current.name}
      ariaLabel={formatText(texts.versionMenuLabel, { version: current.name })}
      className="version-switcher"
    >
      {list}
    </Dropdown>
  )
}
