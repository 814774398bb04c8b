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
