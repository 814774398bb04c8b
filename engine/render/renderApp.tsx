import { renderToString } from 'react-dom/server'
import type { HeadTag } from '../plugins/types.ts'
import { createServerRawHtmlRegistry } from '../shared/RawHtml.tsx'
import type { PageData, SiteData } from '../shared/types.ts'
import type { StaticQueryResults } from '../shared/staticQuery.ts'
import { readDocumentHead, type DocumentHead } from './helmetHead.ts'
import type { LoadedTheme } from './loadTheme.ts'
import { createRehypeReactCompiler } from './rehypeReactCompiler.ts'

export interface RenderedApp {
  /** What the tree's `<Helmet>`s, the config's and the plugins' head tags say, merged by react-helmet-async's rule. */
  head: DocumentHead
  /** Tags React 19 hoisted itself (a `<title>` rendered outside any `<Helmet>`), for the `<head>` as they are. */
  hoisted: string
  /** The app's HTML, for the root `<div>` (htmlShell). */
  body: string
  /** Build-time HTML strings the body holds, by id (RawHtml), for the inline page data. */
  rawHtmlIds: ReadonlyMap<string, string>
}

/** What the page's head starts from, outside the theme's tree: its language and the config's and plugins' tags. */
export interface SiteHeadInput {
  lang: string
  headTags: readonly HeadTag[]
}

/** Page bodies are compiled by rehype-react on the server (ADR 7); one compiler per process. */
const hastCompiler = createRehypeReactCompiler()

const hoistedRE = /^(?:<(?:title|meta|link|base)\b[^>]*>(?:[^<]*<\/title>)?)+/

/** Server-renders one page with the same tree the client hydrates, and reads its head (ADR 6). */
export function renderApp(
  site: SiteData,
  page: PageData,
  theme: LoadedTheme,
  siteHead: SiteHeadInput = { lang: site.lang, headTags: [] },
  staticQueries?: StaticQueryResults,
): RenderedApp {
  const template = theme.templates.get(page.template)
  if (!template) throw new Error(`No template named ${page.template}`)
  const { App } = theme
  const rawHtml = createServerRawHtmlRegistry()
  // A context per render: react-helmet-async's server state is per provider, never global.
  const helmetContext = {}
  const html = renderToString(
    <App
      site={site}
      page={page}
      Template={template.component}
      Layout={theme.layout?.component}
      rawHtml={rawHtml}
      hastCompiler={hastCompiler}
      staticQueries={staticQueries}
      helmetContext={helmetContext}
      siteHead={{ lang: siteHead.lang, tags: siteHead.headTags }}
      siteComponents={theme.siteComponents}
    />,
  )
  const head = readDocumentHead(helmetContext)
  // React 19 emits hoistable head tags first when rendering a fragment of the document.
  const match = hoistedRE.exec(html)
  const hoisted = match ? match[0] : ''
  return { head, hoisted, body: html.slice(hoisted.length), rawHtmlIds: rawHtml.ids }
}
