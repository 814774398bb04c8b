import { encodeRoute, Helmet, isExternalHref, withBase } from 'sheaf/runtime'

export interface PageHeadProps {
  siteTitle: string
  siteUrl: string
  base: string
  /** The page's route. */
  path: string
  /** Null for the site home (the title is then the site title alone). */
  pageTitle: string | null
  description: string
  type: 'website' | 'article'
  /** The site's favicon (site config `icon`, relative to the base). */
  icon?: string
  /** The route search engines should index instead (the same page in the default version). */
  canonicalPath?: string
}

/**
 * The layout's <head> defaults: title, description, favicon, canonical URL and Open Graph tags,
 * in the outermost `<Helmet>` (`og:title` is the engine's: it mirrors the final `<title>`). A
 * template or a component deeper in the tree overrides any of them with a `<Helmet>` of its own (the deepest wins); its
 * `<title>` goes through the `{page} | {site}` template set here.
 */
export function PageHead({
  siteTitle,
  siteUrl,
  base,
  path,
  pageTitle,
  description,
  type,
  icon,
  canonicalPath,
}: PageHeadProps) {
  // Routes are text: their URLs are encoded (a file name may hold a space, `%` or `#`).
  const url = `${siteUrl.replace(/\/+$/, '')}${withBase(encodeRoute(path), base)}`
  const canonical = canonicalPath ? `${siteUrl.replace(/\/+$/, '')}${withBase(encodeRoute(canonicalPath), base)}` : url
  return (
    <Helmet titleTemplate={`%s | ${siteTitle}`} defaultTitle={siteTitle}>
      {pageTitle ? <title>{pageTitle}</title> : null}
      <meta name="description" content={description} />
      {icon ? (
        <link
          rel="icon"
          href={isExternalHref(icon) ? icon : withBase(icon, base)}
          type={icon.endsWith('.svg') ? 'image/svg+xml' : undefined}
        />
      ) : null}
      <link rel="canonical" href={canonical} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      <meta property="og:site_name" content={siteTitle} />
    </Helmet>
  )
}
