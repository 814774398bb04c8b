import { expect, test, type APIRequestContext } from '@playwright/test'
import { siteUrl } from './sites.ts'

const base = '/react-native-testing-library/'
const origin = new URL(siteUrl('rntl', '/')).origin

interface Crawl {
  pages: Map<string, string>
  problems: string[]
}

/** Follows every internal link and asset from a start page; checks status codes and #anchors. */
async function crawl(request: APIRequestContext, start: string, scope: (path: string) => boolean): Promise<Crawl> {
  const pages = new Map<string, string>()
  const assets = new Set<string>()
  const anchors: { from: string; path: string; id: string }[] = []
  const problems: string[] = []
  const queue = [start]
  while (queue.length) {
    const path = queue.shift() as string
    if (pages.has(path)) continue
    const response = await request.get(`${origin}${path}`)
    if (response.status() !== 200) {
      problems.push(`${path} answered ${response.status()}`)
      pages.set(path, '')
      continue
    }
    const html = await response.text()
    pages.set(path, html)
    for (const [, raw] of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
      const href = raw.replace(/&amp;/g, '&')
      if (!href.startsWith(base)) continue
      const url = new URL(href, origin)
      if (/\.(js|css|svg|png|json|txt|xml|md|ico|woff2?)$/.test(url.pathname)) assets.add(url.pathname)
      else {
        if (url.hash) anchors.push({ from: path, path: url.pathname, id: decodeURIComponent(url.hash.slice(1)) })
        if (scope(url.pathname) && !pages.has(url.pathname)) queue.push(url.pathname)
      }
    }
  }
  for (const asset of assets) {
    const status = (await request.get(`${origin}${asset}`)).status()
    if (status !== 200) problems.push(`asset ${asset} answered ${status}`)
  }
  for (const anchor of anchors) {
    const html = pages.get(anchor.path) ?? (await (await request.get(`${origin}${anchor.path}`)).text())
    if (!html.includes(`id="${anchor.id}"`))
      problems.push(`${anchor.from} links to ${anchor.path}#${anchor.id}, which has no such id`)
  }
  return { pages, problems }
}

// The links, anchors and assets of every page, over HTTP. The browser pass over every page (each
// hydrates with a quiet console) is tests/e2e/security/csp.spec.ts's, under the shipped policy.
for (const version of ['13.x', '12.x']) {
  test(`every page of ${version} reachable from its home answers 200, with live anchors and assets`, async ({
    request,
  }) => {
    test.setTimeout(240_000)
    const home = version === '13.x' ? base : `${base}12.x/`
    const inScope = (path: string) =>
      version === '13.x' ? !path.startsWith(`${base}12.x/`) : path.startsWith(`${base}12.x/`)
    const { pages, problems } = await crawl(request, home, inScope)
    expect(problems).toEqual([])
    const docPages = [...pages.keys()].filter(inScope)
    expect(docPages.length).toBeGreaterThanOrEqual(version === '13.x' ? 34 : 32)
  })
}
