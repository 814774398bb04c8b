import { useSiteData, type LayoutProps } from 'sheaf/runtime'
import { ProgressBar } from './furniture/ProgressBar.tsx'
import { ScrollToTop } from './furniture/ScrollToTop.tsx'
import { Footer } from './components/Footer.tsx'
import { HtmlAttributes, routeLang } from './components/HtmlAttributes.tsx'
import type { LayoutData } from './components/layoutData.ts'
import { Navbar } from './components/Navbar.tsx'
import { OldVersionBanner } from './components/OldVersionBanner.tsx'
import { PageHead } from './components/PageHead.tsx'
import { RouteAnnouncer } from './components/RouteAnnouncer.tsx'
import { SkipLink } from './components/SkipLink.tsx'
import { mainId } from './reservedIds.ts'
import { usePageParts } from './hooks/usePageParts.ts'
import { useTexts } from './hooks/useTexts.ts'

/**
 * Everything the frame around a page needs, for the page at `$path`. The fields of optional
 * plugins are `@slot`s: on a site without the plugin they are absent, and so is its part.
 */
export const query = /* GraphQL */ `
  query ($path: String!) {
    site { title description url base lang themeConfig }
    page(path: $path) { title description version lang pageType frontmatter }
    versions @slot { name isDefault prefix }
    currentVersion(path: $path) @slot { name isDefault prefix }
    versionLinks(path: $path) @slot { version path exists }
    locales @slot { lang label isDefault prefix title description }
    localeLinks(path: $path) @slot { lang label path }
    nav(path: $path) @slot
    sidebar(path: $path) @slot
    i18n(path: $path) @slot
    searchIndex(path: $path) @slot
    searchConfig(path: $path) @slot
  }
`

/**
 * The frame of every page: skip link, navbar (banner), progress bar, the
 * template in <main id="sheaf-content">, footer (contentinfo), scroll-to-top and
 * the route announcer. Parts can be hidden by front-matter or `?navbar=0`.
 */
export default function Layout({ data, page, children }: LayoutProps<LayoutData>) {
  const texts = useTexts()
  const parts = usePageParts()
  const { site } = data
  const siteData = useSiteData()
  const pageType = data.page?.pageType ?? '404'
  const isHome = pageType === 'home'
  const lang = routeLang(data.page?.lang, page.path, data.locales ?? [], site.lang)
  // A language may have its own site title and description (i18n's `locales[].title`, as in Rspress).
  const locale = (data.locales ?? []).find((entry) => entry.lang === lang)
  const siteTitle = locale?.title ?? site.title
  const footer = site.themeConfig.footer
  // On an older version: point search engines and readers at the same page in the default version.
  const olderVersion = data.currentVersion && !data.currentVersion.isDefault ? data.currentVersion : null
  const latest = olderVersion ? (data.versions ?? []).find((version) => version.isDefault) : undefined
  const latestLink = latest ? (data.versionLinks ?? []).find((link) => link.version === latest.name) : undefined

  return (
    <div className={`layout layout--${pageType}${parts.navbar ? '' : ' no-navbar'}`} data-page-type={pageType}>
      <PageHead
        siteTitle={siteTitle}
        siteUrl={site.url}
        base={site.base}
        path={page.path}
        pageTitle={isHome ? null : (data.page?.title ?? texts.notFoundTitle)}
        description={data.page?.description || locale?.description || site.description}
        type={pageType === 'doc' || pageType === 'overview' ? 'article' : 'website'}
        icon={siteData.icon}
        canonicalPath={latestLink?.exists ? latestLink.path : undefined}
      />
      <HtmlAttributes lang={lang} />
      <SkipLink text={texts.skipToContentText} />
      {parts.navbar ? (
        <header className="site-header">
          <Navbar
            data={{
              versions: data.versions ?? [],
              currentVersion: data.currentVersion ?? { name: '', isDefault: true, prefix: '' },
              versionLinks: data.versionLinks ?? [],
              locales: data.locales ?? [],
              localeLinks: data.localeLinks ?? [],
              // Without the versions plugin, the config's menu as written (it moves links into the reader's version).
              nav: data.nav ?? site.themeConfig.nav ?? [],
              search: data.searchConfig ? { indexUrl: data.searchIndex ?? null, config: data.searchConfig } : null,
              lang,
              searchPlaceholder: texts.searchPlaceholderText,
            }}
          />
        </header>
      ) : null}
      <ProgressBar />
      <main id={mainId} className="site-main" tabIndex={-1}>
        {olderVersion && latest && latestLink && pageType !== '404' ? (
          <OldVersionBanner version={olderVersion.name} latestName={latest.name} latestPath={latestLink.path} />
        ) : null}
        {children}
      </main>
      {parts.footer ? <Footer message={footer?.message} copyright={footer?.copyright} /> : null}
      <ScrollToTop />
      <RouteAnnouncer />
    </div>
  )
}
