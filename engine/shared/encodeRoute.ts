/**
 * A route as a URL path: each segment percent-encoded on its own (`/docs/a b#c` ->
 * `/docs/a%20b%23c`), so a file name with a space, `#`, `?`, a newline or non-ASCII text still
 * makes one valid URL that leads back to its page (servers decode each segment once). Parentheses
 * are encoded too, so the URL can stand inside a markdown link (`[title](url)`, as in llms.txt).
 */
export function encodeRoute(route: string): string {
  return route
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/\(/g, '%28').replace(/\)/g, '%29'))
    .join('/')
}

/**
 * A link target written as a route with an optional query or hash (`/docs/a b#options`) as a URL
 * path: the route part encoded (encodeRoute), what follows the first `?` or `#` kept as written.
 * A route whose name holds `?` or `#` itself is no such target: encode it with encodeRoute.
 */
export function encodeRouteHref(target: string): string {
  const cut = target.search(/[?#]/)
  return cut === -1 ? encodeRoute(target) : encodeRoute(target.slice(0, cut)) + target.slice(cut)
}
