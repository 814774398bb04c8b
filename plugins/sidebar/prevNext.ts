import type { QueryContext, SidebarItem } from 'sheaf'
import { flattenLinks } from './buildSidebars.ts'
import { linkFields } from './trackReads.ts'

type SidebarLink = { text: string; link: string }

/** The pages before and after a route in its sidebar's order (null at either end, or when it is not listed). */
export function prevNextOf(
  items: SidebarItem[],
  path: string,
  context: QueryContext,
): { prev: SidebarLink | null; next: SidebarLink | null } {
  const { links, indexOf } = linkOrderOf(items)
  const index = indexOf.get(path) ?? -1
  if (index === -1) return { prev: null, next: null }
  const prev = links[index - 1] ?? null
  const next = links[index + 1] ?? null
  for (const neighbour of [prev, next]) {
    const page = neighbour ? context.pageByPath(neighbour.link) : undefined
    if (page) context.track(page.id, linkFields)
  }
  return { prev, next }
}

/**
 * A sidebar's links in order, and each link's first position: every page asks for its neighbours,
 * and a search of the list per page made prev/next quadratic in a sidebar's pages. Kept per
 * sidebar (its items are built once per store).
 */
const linkOrders = new WeakMap<SidebarItem[], { links: SidebarLink[]; indexOf: Map<string, number> }>()

function linkOrderOf(items: SidebarItem[]): { links: SidebarLink[]; indexOf: Map<string, number> } {
  let order = linkOrders.get(items)
  if (!order) {
    const links = flattenLinks(items)
    const indexOf = new Map<string, number>()
    links.forEach((link, index) => {
      if (!indexOf.has(link.link)) indexOf.set(link.link, index)
    })
    order = { links, indexOf }
    linkOrders.set(items, order)
  }
  return order
}
