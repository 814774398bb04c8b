import type { NavItem, SidebarItem, ThemeConfig } from 'sheaf/runtime'

/** A documentation version (versions plugin). */
export interface VersionInfo {
  name: string
  isDefault: boolean
  /** '' for the default version, '/12.x' for the others. */
  prefix: string
}

/** The same page in another version. */
export interface VersionLink {
  version: string
  path: string
  exists: boolean
}

/** A configured language (i18n plugin). */
export interface LocaleInfo {
  lang: string
  label: string
  isDefault: boolean
  prefix: string
}

/** The same page in another language. */
export interface LocaleLink {
  lang: string
  label: string
  path: string
}

/** UI texts for the page's language (i18n plugin): the plugin's one definition. */
export type { UiTexts } from '../../../plugins/i18n/texts.ts'
import type { UiTexts } from '../../../plugins/i18n/texts.ts'

/** The page fields the layout asks for; null for routes that are not pages. */
export interface LayoutPage {
  title: string
  description: string
  version: string | null
  lang: string | null
  pageType: string
  frontmatter: Record<string, unknown>
}

/** The result of the layout's query (see Layout.tsx). */
export interface LayoutData {
  site: { title: string; description: string; url: string; base: string; lang: string; themeConfig: ThemeConfig }
  page: LayoutPage | null
  versions: VersionInfo[]
  currentVersion: VersionInfo
  versionLinks: VersionLink[]
  locales: LocaleInfo[]
  localeLinks: LocaleLink[]
  nav: NavItem[]
  sidebar: SidebarItem[]
  /** Partial: a site without the i18n plugin has none; useTexts fills in the defaults. */
  i18n: Partial<UiTexts>
  searchIndex: string | null
  /** Client search settings (search plugin): `{ limit, remote, lang, version }`. */
  searchConfig: Record<string, unknown> | null
}
