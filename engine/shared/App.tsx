import type { ComponentType, ReactNode } from 'react'
import { HastCompilerContext, type HastCompiler } from './hastCompiler.ts'
import { RawHtmlContext, type RawHtmlRegistry } from './RawHtml.tsx'
import { PageContext, RouterContext, SiteContext, type Router } from './contexts.ts'
import { StaticQueryContext, type StaticQueryResults } from './staticQuery.ts'
import type { LayoutProps, PageData, SiteData, TemplateProps } from './types.ts'

/** Props of the root component. */
export interface AppProps {
  site: SiteData
  page: PageData
  Template: ComponentType<TemplateProps>
  Layout?: ComponentType<LayoutProps>
  router?: Router
  /** Which build-time HTML strings the document already holds (see RawHtml). */
  rawHtml?: RawHtmlRegistry
  /** How page bodies become React (the server passes rehype-react; default: hastToReact, the same tree). */
  hastCompiler?: HastCompiler
  /** The site's static query results (see useStaticQuery); none when the site has no static query. */
  staticQueries?: StaticQueryResults
}

const noopRouter: Router = { navigate: async () => undefined, prefetch: () => undefined, loading: false }

/** The root tree, identical on server and client. */
export function App({ site, page, Template, Layout, router = noopRouter, rawHtml, hastCompiler, staticQueries }: AppProps) {
  const content: ReactNode = <Template data={page.data} pageContext={page.context} path={page.path} />
  return (
    <HastCompilerContext.Provider value={hastCompiler ?? null}>
      <RawHtmlContext.Provider value={rawHtml ?? null}>
        <SiteContext.Provider value={site}>
          <StaticQueryContext.Provider value={staticQueries ?? null}>
            <RouterContext.Provider value={router}>
              <PageContext.Provider value={page}>
                {Layout ? (
                  <Layout data={page.layoutData} page={page}>
                    {content}
                  </Layout>
                ) : (
                  content
                )}
              </PageContext.Provider>
            </RouterContext.Provider>
          </StaticQueryContext.Provider>
        </SiteContext.Provider>
      </RawHtmlContext.Provider>
    </HastCompilerContext.Provider>
  )
}
