/**
 * The runtime API a theme uses, on server and client alike. Themes import
 * only from here (`sheaf/runtime`), never from engine internals.
 */
export { App } from './App.tsx'
// The head API of themes, templates and components (ADR 6): the deepest `<Helmet>` wins.
export { Helmet, HelmetProvider, type HelmetProps } from './helmet.ts'
export { HastContent, type HastContentProps } from './HastContent.tsx'
export { Link, type LinkProps } from './Link.tsx'
export { RawHtml, type RawHtmlProps } from './RawHtml.tsx'
export { usePageData, useRouter, useSiteData } from './hooks.ts'
export { graphql } from './graphqlTag.ts'
export { useStaticQuery, type StaticQueryResults } from './staticQuery.ts'
export type { Router } from './contexts.ts'
export { textDirection } from './textDirection.ts'
export { defaultContainerTypes, type DefaultContainerType } from './containerTypes.ts'
export { encodeRoute, encodeRouteHref } from './encodeRoute.ts'
export {
  isExternalHref,
  normalizeBase,
  resolvePath,
  routeKey,
  routeToMarkdownFile,
  stripBase,
  toRoute,
  withBase,
} from './routes.ts'
export type { LayoutProps, PageData, SiteData, TemplateProps } from './types.ts'
export type { EditLink, NavItem, SidebarItem, SocialLink, ThemeConfig } from './themeConfig.ts'
