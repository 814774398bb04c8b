import { Helmet } from 'react-helmet-async'
import { withBase } from 'sheaf/runtime'

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
}

/** The per-page <head> tags: title, description, canonical URL and Open Graph tags. */
export function PageHead({ siteTitle, siteUrl, base, path, pageTitle, description, type }: PageHeadProps) {
  const title = pageTitle ? `${pageTitle} | ${siteTitle}` : siteTitle
  const url = `${siteUrl.replace(/\/+$/, '')}${withBase(path, base)}`
  return (
    <Helmet>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      <meta property="og:site_name" content={siteTitle} />
    </Helmet>
  )
}
