import type { QueryContext, SidebarItem } from 'sheaf'
import { flattenLinks } from './buildSidebars.ts'
import { isMeta } from './storeSidebars.ts'

/**
 * The fields of a page a sidebar, or a prev/next link, shows or is built from. Reads are
 * recorded as these fields only, so a body edit does not re-query the page's sidebar-mates.
 */
export const linkFields = ['path', 'title', 'relativePath', 'version', 'lang', 'versionPrefix', 'langPrefix'] as const
/** An overview also shows each page's description and headings. */
export const overviewFields = [...linkFields, 'description', 'toc'] as const

/** Records the fields of each page the sidebar links to: their titles show in it. */
export function trackLinks(items: SidebarItem[], context: QueryContext): void {
  for (const link of flattenLinks(items)) {
    const page = context.pageByPath(link.link)
    if (page) context.track(page.id, linkFields)
  }
}

const metaIds = new WeakMap<object, string[]>()

/** Records the `_meta.json` files sidebars are built from: editing one re-renders the pages that show it. */
export function trackMetas(context: QueryContext): void {
  let ids = metaIds.get(context.store)
  if (!ids) {
    ids = context.store
      .getNodesByType('File')
      .filter(isMeta)
      .map((node) => node.id)
    metaIds.set(context.store, ids)
  }
  for (const id of ids) context.track(id)
}
