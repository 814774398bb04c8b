import { encodeRoute, escapeMarkup, withBase, type Plugin } from 'sheaf'

export interface SitemapOptions {
  /** Routes (regular expression sources) left out of the sitemap. Default: the 404 page. */
  exclude?: string[]
}

interface Row {
  path: string
  lastUpdated: string | null
  pageType: string
}

/**
 * `sitemap.xml` of every page (absolute URLs from the config's `url`, `lastmod`
 * from git) and a `robots.txt` pointing to it.
 */
export function sitemap(options: SitemapOptions = {}): Plugin {
  const exclude = (options.exclude ?? ['^/404$']).map((source) => new RegExp(source))
  return {
    name: 'sitemap',
    async onPostBuild({ graphql, emitFile, site, reporter }) {
      const {
        allPage: { nodes: allPage },
        site: siteData,
      } = await graphql<{ allPage: { nodes: Row[] }; site: { url: string } }>(
        '{ site { url } allPage { nodes { path lastUpdated pageType } } }',
      )
      if (!siteData.url)
        reporter.warn('`url` is not set in the config; sitemap.xml uses relative URLs, which search engines ignore.')
      const urls = allPage
        .filter((page) => page.pageType !== '404' && !exclude.some((pattern) => pattern.test(page.path)))
        .sort((a, b) => a.path.localeCompare(b.path))
        .map((page) => {
          // Each segment encoded: a route from a file name may hold spaces, `#`, `?` or newlines.
          const loc = `${siteData.url}${withBase(encodeRoute(page.path), site.base)}`
          const lastmod = page.lastUpdated ? `<lastmod>${page.lastUpdated.slice(0, 10)}</lastmod>` : ''
          return `  <url><loc>${escapeMarkup(loc, 'xml')}</loc>${lastmod}</url>`
        })
      await emitFile(
        'sitemap.xml',
        `<?xml version="1.0" encoding="UTF-8"?>\n` +
          `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      )
      await emitFile(
        'robots.txt',
        `User-agent: *\nAllow: /\n\nSitemap: ${siteData.url}${withBase('/sitemap.xml', site.base)}\n`,
      )
    },
  }
}
