import type { SidebarItem } from 'sheaf'

/** What the sidebar builder needs to know of a page. */
export interface SidebarPage {
  path: string
  title: string
  description: string
  relativePath: string
  sourcePath: string
  version: string | null
  lang: string | null
  versionPrefix: string
  langPrefix: string
  pageType: string
  toc: { text: string; id: string; depth: number }[]
}

/** A `_meta.json` file as read from the content folder. */
export interface MetaFile {
  relativePath: string
  sourcePath: string
  content: string
}

/** One sidebar: the items shown for routes under `routePrefix`. */
export interface Sidebar {
  routePrefix: string
  version: string | null
  lang: string | null
  items: SidebarItem[]
}

export type { SidebarItem }
