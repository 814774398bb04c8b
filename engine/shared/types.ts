import type { HeadTag } from './headTag.ts'
import type { ThemeConfig } from './themeConfig.ts'

/** Site-wide data the client bundle carries (one copy, not per page). */
export interface SiteData {
  title: string
  description: string
  /** Deployed origin (no trailing slash), '' when unknown. */
  url: string
  base: string
  lang: string
  icon?: string
  logo?: string | { light: string; dark: string }
  themeConfig: ThemeConfig
  /**
   * Names of the site's plugins: a theme offers what a plugin provides (the llms plugin's `.md` twins) only when it is
   * there.
   */
  plugins?: string[]
  /** Routes of the site's 404 pages (`/404`, `/12.x/404`, ...): the client picks the nearest. */
  notFoundRoutes?: string[]
}

/**
 * What the engine writes per page (inlined in the HTML, and as a JSON file
 * for client navigation). The same JSON feeds server render and hydration.
 */
export interface PageData {
  /** The page's route under the base. */
  path: string
  template: string
  /** Query variables the page was created with. */
  context: Record<string, unknown>
  /** The template's query result. */
  data: Record<string, unknown>
  /** The layout's query result (empty when the layout has no query). */
  layoutData: Record<string, unknown>
  /** Identifies the client bundle; a mismatch on navigation triggers a full reload. */
  bundle: string
  /**
   * The URL of the site's static query results (one JSON file for the whole site, named by its
   * content's hash), when the site has static queries: the client loads it once, before it
   * hydrates or shows the first page that needs it.
   */
  staticQueries?: string
  /**
   * The plugins' head tags that describe this page (meta and link tags, such as a social card's
   * `og:image`): rendered by the client's Helmet too, so they follow a client navigation.
   */
  head?: HeadTag[]
}

export interface TemplateProps<TData = Record<string, unknown>> {
  data: TData
  pageContext: Record<string, unknown>
  path: string
}

export interface LayoutProps<TData = Record<string, unknown>> {
  data: TData
  page: PageData
  children: import('react').ReactNode
}
