import type { ComponentType, ReactNode } from 'react'
import { HastCompilerContext, type HastCompiler } from './hastCompiler.ts'
import { Helmet, HelmetProvider } from './helmet.ts'
import { RawHtmlContext, type RawHtmlRegistry } from './RawHtml.tsx'
import { PageHeadTags, SiteHead, type SiteHeadProps } from './SiteHead.tsx'
import { SiteComponentsContext, type SiteComponents } from './siteComponents.ts'
import { PageContext, RouterContext, SiteContext, type Router } from './contexts.ts'
import { mirrorTitleOnClient } from './titleMirror.ts'
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
  /**
   * The server's react-helmet-async context: after the render it holds the head every `<Helmet>`
   * of the tree says (see engine/render/helmetHead.ts). The client passes none.
   */
  helmetContext?: object
  /** The server's outermost head: the page's language and the config's and plugins' tags (see SiteHead). */
  siteHead?: SiteHeadProps
  /**
   * The site's own MDX components by tag (`site:Card`), from the config's `components`; none when it registers none.
   */
  siteComponents?: SiteComponents
}

const noopRouter: Router = { navigate: async () => undefined, prefetch: () => undefined, loading: false }

/** The root tree, identical on server and client. */
export function App({
  site,
  page,
  Template,
  Layout,
  router = noopRouter,
  rawHtml,
  hastCompiler,
  staticQueries,
  helmetContext,
  siteHead,
  siteComponents,
}: AppProps) {
  const content: ReactNode = <Template data={page.data} pageContext={page.context} path={page.path} />
  return (
    <HelmetProvider context={helmetContext}>
      {siteHead ? <SiteHead {...siteHead} /> : null}
      <Helmet onChangeClientState={mirrorTitleOnClient} />
      <PageHeadTags tags={page.head} />
      <HastCompilerContext.Provider value={hastCompiler ?? null}>
        <SiteComponentsContext.Provider value={siteComponents ?? null}>
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
        </SiteComponentsContext.Provider>
      </HastCompilerContext.Provider>
    </HelmetProvider>
  )
}
