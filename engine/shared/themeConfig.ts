/**
 * The theme configuration shapes of SPEC §3. The engine passes `themeConfig`
 * to the theme untouched (as JSON); these types document what a docs theme reads.
 */

export interface NavItem {
  text: string
  /** A route (kept within the reader's version and language) or an external URL. */
  link?: string
  items?: NavItem[]
  /** A regular expression source; the item is active when the route matches it. */
  activeMatch?: string
  /** Default `right`. */
  position?: 'left' | 'right'
  tag?: string
}

export interface SidebarItem {
  text: string
  link?: string
  items?: SidebarItem[]
  collapsed?: boolean
  collapsible?: boolean
  tag?: string
  dividerType?: 'solid' | 'dashed'
  sectionHeaderText?: string
  overviewHeaders?: number[]
}

export interface SocialLink {
  icon: string
  mode: 'link' | 'text' | 'img' | 'dom'
  content: string
}

export interface EditLink {
  docRepoBaseUrl: string
  text?: string
}

export interface ThemeConfig {
  nav?: NavItem[]
  /** A navbar per language, used instead of `nav` on that language's pages (Rspress's `themeConfig.locales[].nav`). */
  locales?: { lang: string; nav?: NavItem[] }[]
  /** Sidebars keyed by route prefix (Rspress style), e.g. `{ '/docs/': [...] }`. */
  sidebar?: Record<string, SidebarItem[]>
  socialLinks?: SocialLink[]
  footer?: { message?: string; copyright?: string }
  /** Default 'ON THIS PAGE'. */
  outlineTitle?: string
  enableContentAnimation?: boolean
  hideNavbar?: 'never' | 'scroll' | 'always'
  editLink?: EditLink
  lastUpdated?: boolean
  /** Allow the reader to switch theme (stored in localStorage). Default true. */
  darkMode?: boolean
  /** Label overrides for the default texts. */
  prevPageText?: string
  nextPageText?: string
  lastUpdatedText?: string
  searchPlaceholderText?: string
  [key: string]: unknown
}
