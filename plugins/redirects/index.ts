import { SheafError, escapeMarkup, isExternalHref as isExternalHrefLike, routeKey, withBase, type Plugin } from 'sheaf'

export interface RedirectsOptions {
  /** Old route -> new route (or external URL), e.g. `{ '/docs/getting-started': '/docs/start/intro' }`. */
  redirects: Record<string, string>
}

/**
 * Static redirect pages: for each old route, an HTML file with
 * `<meta http-equiv="refresh">`, a canonical link and a plain link (no
 * script, so a strict CSP is fine). Loops, chains into nowhere and dead
 * targets fail the build; a redirect may not shadow a real page.
 */
export function redirects(options: RedirectsOptions): Plugin {
  const entries = Object.entries(options.redirects)
  for (const [from, to] of entries) checkTarget(from, to)
  return {
    name: 'redirects',
    createPages({ getNodesByType }) {
      const pages = new Set(getNodesByType('Page').map((page) => routeKey(String(page.path))))
      const map = new Map(entries.map(([from, to]) => [routeKey(from), to]))
      for (const [from, to] of entries) {
        if (pages.has(routeKey(from))) {
          throw new SheafError(`The redirect from \`${from}\` would hide the page at that route.`, {
            file: 'site/config.ts',
            hint: 'remove the redirect or move the page.',
          })
        }
        const seen = new Set([routeKey(from)])
        let target = to
        while (!isExternalHrefLike(target) && map.has(routeKey(target))) {
          if (seen.has(routeKey(target))) {
            throw new SheafError(`The redirects loop: ${[...seen, routeKey(target)].join(' -> ')}.`, {
              file: 'site/config.ts',
              hint: 'point one of them at a page.',
            })
          }
          seen.add(routeKey(target))
          target = map.get(routeKey(target)) as string
        }
        if (!isExternalHrefLike(target) && !pages.has(routeKey(target.split('#')[0]))) {
          throw new SheafError(`The redirect from \`${from}\` goes to \`${to}\`, which is not a page.`, {
            file: 'site/config.ts',
            hint: 'point it at an existing route (see `npx sheaf query "{ allPage { nodes { path } } }"`).',
          })
        }
      }
    },
    async onPostBuild({ emitFile, site, graphql }) {
      const { site: siteData } = await graphql<{ site: { url: string } }>('{ site { url } }')
      for (const [from, to] of entries) {
        // The refresh stays on the host serving the page; the canonical names the deployed URL.
        const href = isExternalHrefLike(to) ? new URL(to).href : sameOriginPath(withBase(to, site.base))
        const canonical = isExternalHrefLike(to) ? to : `${siteData.url}${href}`
        const route = routeKey(from)
        await emitFile(route === '/' ? 'index.html' : `${route.slice(1)}.html`, redirectPage(href, canonical))
      }
    },
  }
}

/**
 * A target is a route on this site or an absolute http(s) URL. Anything else in a refresh or a
 * link is a way out that nobody meant: `javascript:` runs script when the link is followed, and
 * `//host` or `/\host` are other hosts to a browser.
 */
function checkTarget(from: string, to: unknown): void {
  const fail = (why: string) => {
    throw new SheafError(`The redirect from \`${from}\` goes to ${JSON.stringify(to)}, which ${why}.`, {
      file: 'site/config.ts',
      hint: "write a route of this site (`'/docs/start'`) or a full http(s) URL (`'https://example.com/docs'`).",
    })
  }
  if (typeof to !== 'string' || to.trim() === '') return fail('is not a route or URL')
  if (/[\u0000-\u001f\u007f]/.test(to)) return fail('contains a control character')
  if (/^[/\\]{2}/.test(to)) return fail('a browser reads as another host (write the full https:// URL)')
  if (to.startsWith('/')) return
  if (isExternalHrefLike(to)) {
    let url: URL | null = null
    try {
      url = new URL(to)
    } catch {
      url = null
    }
    if (url && (url.protocol === 'https:' || url.protocol === 'http:') && url.host) return
    return fail('is not an absolute http(s) URL')
  }
  fail('does not start with `/`')
}

/**
 * A root-relative path a browser resolves on the same origin: a route comes from a file name, and
 * a backslash is a slash to a URL parser (`/\evil.example` is another host).
 */
export function sameOriginPath(path: string): string {
  return `/${path.replace(/\\/g, '%5C').replace(/^\/+/, '')}`
}

/** A page that sends the reader on at once, for browsers and crawlers alike. */
export function redirectPage(href: string, canonical = href): string {
  const escape = (value: string) => escapeMarkup(value, 'attribute')
  const escaped = escape(href)
  return (
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting…</title>\n` +
    `<meta http-equiv="refresh" content="0; url=${escaped}">\n` +
    `<link rel="canonical" href="${escape(canonical)}">\n<meta name="robots" content="noindex">\n</head>\n` +
    `<body>\n<p>This page has moved to <a href="${escaped}">${escaped}</a>.</p>\n</body>\n</html>\n`
  )
}
