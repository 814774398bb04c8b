import { Link, useSiteData, withBase, type NavItem } from 'sheaf/runtime'
import { ThemeToggle } from '../furniture/ThemeToggle.tsx'
import { useHideOnScroll } from '../hooks/useHideOnScroll.ts'
import Search from '../search/Search.tsx'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import type { LocaleInfo, LocaleLink, VersionInfo, VersionLink } from './layoutData.ts'
import { MobileNav } from './MobileNav.tsx'
import { NavMenu } from './NavMenu.tsx'
import { SocialLinks } from './SocialLinks.tsx'
import { VersionSwitcher } from './VersionSwitcher.tsx'
import { useTexts } from '../hooks/useTexts.ts'

export type NavbarData = {
  versions: VersionInfo[]
  currentVersion: VersionInfo
  versionLinks: VersionLink[]
  locales: LocaleInfo[]
  localeLinks: LocaleLink[]
  nav: NavItem[]
  /** The search plugin's slot: its index URL and settings; null on a site without it (no search box). */
  search: { indexUrl: string | null; config: Record<string, unknown> } | null
  /** The page's language (for the language switcher). */
  lang: string
  searchPlaceholder: string
}

/**
 * The top bar: logo and title (linking to the root of the reader's version
 * and language), left and right menus, search, the language and version
 * switchers, the theme toggle and social links; a hamburger below 1024 px.
 */
export function Navbar({ data }: { data: NavbarData }) {
  const site = useSiteData()
  const { themeConfig } = site
  const hidden = useHideOnScroll(themeConfig.hideNavbar === 'scroll')
  const locale = data.locales.find((entry) => entry.lang === data.lang)
  const home = `${locale?.prefix ?? ''}${data.currentVersion.prefix}/`
  const left = data.nav.filter((item) => item.position === 'left')
  const right = data.nav.filter((item) => item.position !== 'left')
  const socialLinks = themeConfig.socialLinks ?? []
  const texts = useTexts()

  return (
    <div className={hidden || themeConfig.hideNavbar === 'always' ? 'navbar is-hidden' : 'navbar'}>
      <div className="navbar__inner">
        <Link to={home} className="navbar__brand">
          <Logo logo={site.logo} base={site.base} />
          <span className="navbar__title">{locale?.title ?? site.title}</span>
        </Link>
        {left.length > 0 ? (
          <nav aria-label={texts.mainNavLabel} className="navbar__menu navbar__menu--left">
            <NavMenu items={left} />
          </nav>
        ) : null}
        <div className="navbar__right">
          {data.search ? (
            <Search placeholder={data.searchPlaceholder} indexUrl={data.search.indexUrl} config={data.search.config} />
          ) : null}
          {right.length > 0 ? (
            <nav
              aria-label={left.length > 0 ? texts.secondaryNavLabel : texts.mainNavLabel}
              className="navbar__menu navbar__menu--right"
            >
              <NavMenu items={right} />
            </nav>
          ) : null}
          <div className="navbar__tools">
            <LanguageSwitcher locales={data.locales} links={data.localeLinks} currentLang={data.lang} />
            <VersionSwitcher versions={data.versions} current={data.currentVersion} links={data.versionLinks} />
            <SocialLinks links={socialLinks} />
          </div>
          <div className="navbar__theme">
            <ThemeToggle />
          </div>
          <MobileNav>
            <ScreenMenu items={data.nav} data={data} />
          </MobileNav>
        </div>
      </div>
    </div>
  )
}

function ScreenMenu({ items, data }: { items: NavItem[]; data: NavbarData }) {
  const { themeConfig } = useSiteData()
  const texts = useTexts()
  return (
    <>
      <NavMenu items={items} variant="screen" />
      <LanguageSwitcher locales={data.locales} links={data.localeLinks} currentLang={data.lang} variant="screen" />
      <VersionSwitcher
        versions={data.versions}
        current={data.currentVersion}
        links={data.versionLinks}
        variant="screen"
      />
      {themeConfig.darkMode !== false ? (
        <div className="mobile-nav__row mobile-nav__theme">
          <span>{texts.appearanceText}</span>
          <ThemeToggle />
        </div>
      ) : null}
      <SocialLinks links={themeConfig.socialLinks ?? []} variant="screen" />
    </>
  )
}

function Logo({ logo, base }: { logo: string | { light: string; dark: string } | undefined; base: string }) {
  if (!logo) return null
  const src = (value: string) => (value.startsWith('/') ? withBase(value, base) : value)
  if (typeof logo === 'string') return <img className="navbar__logo" src={src(logo)} alt="" width={32} height={32} />
  return (
    <>
      <img className="navbar__logo navbar__logo--light" src={src(logo.light)} alt="" width={32} height={32} />
      <img className="navbar__logo navbar__logo--dark" src={src(logo.dark)} alt="" width={32} height={32} />
    </>
  )
}
