import { routeKey, type SidebarItem } from 'sheaf/runtime'

/** Does a sidebar link point at the route (ignoring a trailing slash or `.html`)? */
export function isActiveLink(link: string | undefined, route: string): boolean {
  return link !== undefined && routeKey(link) === routeKey(route)
}

/** Does a sidebar item, or anything below it, link to the route? */
export function containsRoute(item: SidebarItem, route: string): boolean {
  if (isActiveLink(item.link, route)) return true
  return item.items?.some((child) => containsRoute(child, route)) ?? false
}
