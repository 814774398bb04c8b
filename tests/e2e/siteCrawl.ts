import type { APIRequestContext, Page } from '@playwright/test'

/**
 * Crawls a served site from its start routes: every page and asset a page links to (under
 * `base`; an asset once), and every #anchor checked against the target page's ids. Returns the routes found
 * and the problems (a status other than 200, a dead anchor), as `from -> path#id`.
 */
export async function crawlSite(
  request: APIRequestContext,
  origin: string,
  base: string,
  starts: string[],
): Promise<{ routes: string[]; problems: string[] }> {
  const pages = new Map<string, string>()
  const anchors: { from: string; path: string; id: string }[] = []
  const problems: string[] = []
  const assets = new Set<string>()
  const queue = [...starts]
  while (queue.length > 0) {
    const route = queue.shift() as string
    if (pages.has(route)) continue
    const response = await request.get(`${origin}${route}`)
    pages.set(route, response.status() === 200 ? await response.text() : '')
    if (response.status() !== 200) {
      problems.push(`${route} answered ${response.status()}`)
      continue
    }
    for (const [, raw] of (pages.get(route) as string).matchAll(/\s(?:href|src)="([^"]+)"/g)) {
      // Relative to the page: `#options` is an anchor of this page.
      const url = new URL(raw.replace(/&amp;/g, '&'), `${origin}${route}`)
      if (url.origin !== origin || !url.pathname.startsWith(base)) continue
      if (/\.(js|css|svg|png|json|txt|xml|md|ico|woff2?)$/.test(url.pathname)) {
        // Each asset once: every page links the same scripts and styles.
        if (assets.has(url.pathname)) continue
        assets.add(url.pathname)
        const status = (await request.get(`${origin}${url.pathname}`)).status()
        if (status !== 200) problems.push(`asset ${url.pathname} answered ${status}`)
        continue
      }
      if (url.hash) anchors.push({ from: route, path: url.pathname, id: decodeURIComponent(url.hash.slice(1)) })
      if (!pages.has(url.pathname)) queue.push(url.pathname)
    }
  }
  for (const anchor of anchors) {
    const html = pages.get(anchor.path) ?? ''
    if (!html.includes(`id="${anchor.id}"`)) problems.push(`${anchor.from} -> ${anchor.path}#${anchor.id}`)
  }
  return { routes: [...pages.keys()], problems }
}

/** Opens each route until the client has hydrated it; returns the console's errors and warnings and the page errors. */
export async function hydrationNoise(page: Page, origin: string, routes: string[]): Promise<string[]> {
  const noise: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') noise.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => noise.push(`${page.url()}: ${error.message}`))
  for (const route of routes) {
    await page.goto(`${origin}${route}`)
    await page.locator('html[data-sheaf-hydrated]').waitFor()
  }
  return noise
}
