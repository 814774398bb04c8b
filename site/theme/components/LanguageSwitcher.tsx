import { Link } from 'sheaf/runtime'
import { Dropdown } from './Dropdown.tsx'
import { LanguageIcon } from './Icons.tsx'
import type { LocaleInfo, LocaleLink } from './layoutData.ts'
import { formatText, useTexts } from '../hooks/useTexts.ts'

export interface LanguageSwitcherProps {
  locales: LocaleInfo[]
  /** The current page in every language. */
  links: LocaleLink[]
  currentLang: string
  variant?: 'bar' | 'screen'
}

/** Switches the reading language. Hidden unless the site has more than one locale. */
export function LanguageSwitcher({ locales, links, currentLang, variant = 'bar' }: LanguageSwitcherProps) {
  const texts = useTexts()
  if (locales.length <= 1) return null
  const current = locales.find((locale) => locale.lang === currentLang) ?? locales[0]
  const entries = locales.map((locale) => ({
    locale,
    path: links.find((link) => link.lang === locale.lang)?.path ?? (locale.prefix ? `${locale.prefix}/` : '/'),
  }))
  const list = (
    <ul className="dropdown__list">
      {entries.map(({ locale, path }) => (
        <li key={locale.lang}>
          <Link
            to={path}
            exactRoute
            lang={locale.lang}
            hrefLang={locale.lang}
            className={locale.lang === current.lang ? 'nav-link is-active' : 'nav-link'}
            aria-current={locale.lang === current.lang ? 'true' : undefined}
          >
            {locale.label}
          </Link>
        </li>
      ))}
    </ul>
  )
  if (variant === 'screen') {
    return (
      <div className="nav-menu__group">
        <p className="nav-menu__group-title">{texts.languageText}</p>
        {list}
      </div>
    )
  }
  return (
    <Dropdown
      label={
        <>
          <LanguageIcon size={18} />
          <span className="language-switcher__label">{current.label}</span>
        </>
      }
      ariaLabel={formatText(texts.languageMenuLabel, { language: current.label })}
      className="language-switcher"
    >
      {list}
    </Dropdown>
  )
}
