/**
 * Route rules shared by the build and the browser: one copy of each rule.
 *
 * A route is the part of a URL after the base, always starting with `/`.
 * `x/index.md` has the route `/x/`; `x.md` has `/x`. Lookups use a normalised
 * key so `/x`, `/x/`, `/x.html` and `/x/index` all find the same page.
 */

const htmlSuffixRE = /\.html$/
const indexSuffixRE = /\/index$/
const trailingSlashRE = /\/+$/
const multiSlashRE = /\/{2,}/g

/** Ensures a base path starts and ends with `/` (`docs` -> `/docs/`). */
export function normalizeBase(base: string): string {
  const trimmed = base.trim().replace(multiSlashRE, '/')
  if (trimmed === '' || trimmed === '/') return '/'
  return `/${trimmed.replace(/^\/+/, '').replace(trailingSlashRE, '')}/`
}

/**
 * SPEC §2 path resolution: URL-decode, strip a trailing `.html`, turn a
 * trailing `/index` into `/`. Returns a route that still distinguishes `/x/`.
 */
export function resolvePath(pathname: string): string {
  return memo(resolved, pathname, resolvePathUncached)
}

function resolvePathUncached(pathname: string): string {
  return normalizeRoute(decodeSegments(pathname))
}

/**
 * A route in its one spelling, without decoding anything: a leading slash, no doubled slashes, no
 * `.html`, `/index` as `/`. Routes are decoded text (a file `a b%20c.md` has the route `/a b%20c`),
 * so decoding one again would make it another route; a URL's path goes through resolvePath once.
 */
export function normalizeRoute(route: string): string {
  return memo(normalized, route, normalizeRouteUncached)
}

function normalizeRouteUncached(route: string): string {
  let path = route
  if (!path.startsWith('/')) path = `/${path}`
  path = path.replace(multiSlashRE, '/').replace(htmlSuffixRE, '')
  if (path === '/index') return '/'
  if (indexSuffixRE.test(path)) path = path.replace(indexSuffixRE, '/')
  return path
}

/** The order of pages in `allPage`, and so of the pages a build makes: by route, as `localeCompare` orders them. */
export function byPath(a: { readonly [field: string]: unknown }, b: { readonly [field: string]: unknown }): number {
  return String(a.path).localeCompare(String(b.path))
}

/**
 * The lookup key of a route (not a URL path: see resolvePath): normalized, then without a trailing slash (root stays
 * `/`).
 */
export function routeKey(route: string): string {
  return memo(keys, route, (value) => {
    const path = normalizeRoute(value)
    if (path === '/') return '/'
    return path.replace(trailingSlashRE, '') || '/'
  })
}

// A build asks for the same few thousand routes over and over (every sidebar link of every
// page): both functions are pure, so their answers are kept, up to a bound.
const resolved = new Map<string, string>()
const normalized = new Map<string, string>()
const keys = new Map<string, string>()
const memoLimit = 20_000

function memo(cache: Map<string, string>, input: string, compute: (input: string) => string): string {
  let value = cache.get(input)
  if (value === undefined) {
    if (cache.size >= memoLimit) cache.clear()
    value = compute(input)
    cache.set(input, value)
  }
  return value
}

/** Strips the base from a URL pathname; returns null when the path is outside the base. */
export function stripBase(pathname: string, base: string): string | null {
  const normalizedBase = normalizeBase(base)
  if (normalizedBase === '/') return pathname
  if (pathname === normalizedBase.slice(0, -1)) return '/'
  if (!pathname.startsWith(normalizedBase)) return null
  return `/${pathname.slice(normalizedBase.length)}`
}

/** Joins the base and a route: (`/docs/`, `/api`) -> `/docs/api`. */
export function withBase(route: string, base: string): string {
  const normalizedBase = normalizeBase(base)
  return normalizedBase + route.replace(/^\/+/, '')
}

/** The output file of a route, relative to the output folder: `/x` -> `x.html`, `/x/` -> `x/index.html`. */
export function routeToHtmlFile(route: string): string {
  if (route === '/' || route.endsWith('/')) return `${route.slice(1)}index.html`
  return `${route.slice(1)}.html`
}

/** The clean-markdown twin of a route's page: `/x` -> `x.md`, `/x/` -> `x/index.md`. */
export function routeToMarkdownFile(route: string): string {
  return routeToHtmlFile(route).replace(/\.html$/, '.md')
}

/** The page-data file of a route, relative to the output folder. */
export function routeToDataFile(route: string): string {
  const key = routeKey(route)
  return `_sheaf/data${key === '/' ? '/index' : key}.json`
}

/**
 * Builds a page route from its identity: `[lang/][version/]slug`, where the
 * default language and version are left out (DESIGN: Versions, languages, routes).
 */
export function toRoute(parts: { slug: string; langPrefix?: string; versionPrefix?: string }): string {
  const prefix = [parts.langPrefix, parts.versionPrefix].filter(Boolean).join('/')
  const slug = parts.slug.startsWith('/') ? parts.slug : `/${parts.slug}`
  return prefix ? `/${prefix}${slug}` : slug
}

/**
 * The 404 pages to try for an unknown route, nearest first: a section's own, two levels deep
 * (`/zh/12.x/404`, a language's older version) then one (`/12.x/404`, `/zh/404`; written by the
 * versions and i18n plugins), then `/404`.
 */
export function notFoundRoutes(route: string, existing?: readonly string[]): string[] {
  const segments = resolvePath(route)
    .split('/')
    .filter((segment) => segment !== '' && segment !== '404')
    .slice(0, 2)
  const candidates = segments.map((_, depth) => `/${segments.slice(0, depth + 1).join('/')}/404`).reverse()
  candidates.push('/404')
  return existing ? candidates.filter((candidate) => existing.includes(candidate)) : candidates
}

/** Is this href an external URL (scheme or protocol-relative)? */
export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')
}

/**
 * URL-decodes each segment of a path on its own. A segment whose decoded form would change the
 * path's shape (a slash or backslash, a `.` or `..` segment, a NUL) stays as written: a file named
 * `%2e%2e%2fx.md` is the route `/%2e%2e%2fx`, never `/../x`, so no route (decoded once or
 * again) leads out of the output folder or onto another page's route.
 */
export function decodeSegments(pathname: string): string {
  if (!pathname.includes('%')) return pathname
  return pathname
    .split('/')
    .map((segment) => {
      const decoded = safeDecode(segment)
      return isUnsafeSegment(decoded) ? segment : decoded
    })
    .join('/')
}

/** Would this decoded segment change a path's shape? */
export function isUnsafeSegment(decoded: string): boolean {
  return decoded === '.' || decoded === '..' || /[/\\\0]/.test(decoded)
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
