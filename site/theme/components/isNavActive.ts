import { isExternalHref, routeKey, type NavItem } from 'sheaf/runtime'

/**
 * Is a nav entry active on a route? `activeMatch` (a regular expression
 * source) wins; otherwise an internal link is active on its own route and the
 * routes below it, and a group is active when one of its entries is.
 */
export function isNavActive(item: NavItem, route: string): boolean {
  if (item.activeMatch) {
    try {
      return new RegExp(item.activeMatch).test(route)
    } catch {
      return false
    }
  }
  if (item.items?.length) return item.items.some((child) => isNavActive(child, route))
  if (!item.link || isExternalHref(item.link)) return false
  const link = routeKey(item.link)
  const current = routeKey(route)
  return current === link || (link !== '/' && current.startsWith(`${link}/`))
}
