import { renderToString } from 'react-dom/server'
import { createServerRawHtmlRegistry } from '../shared/RawHtml.tsx'
import type { PageData, SiteData } from '../shared/types.ts'
import type { StaticQueryResults } from '../shared/staticQuery.ts'
import type { LoadedTheme } from './loadTheme.ts'
import { createRehypeReactCompiler } from './rehypeReactCompiler.ts'

export interface RenderedApp {
  /** Tags React 19 hoists (title, meta, link), for the `<head>`. */
  head: string
  /** The app's HTML, for the root `<div>` (htmlShell). */
  body: string
  /** Build-time HTML strings the body holds, by id (RawHtml), for the inline page data. */
  rawHtmlIds: ReadonlyMap<string, string>
}

/** Page bodies are compiled by rehype-react on the server (ADR 7); one compiler per process. */
const hastCompiler = createRehypeReactCompiler()

const hoistedRE = /^(?:<(?:title|meta|link|base)\b[^>]*>(?:[^<]*<\/title>)?)+/

/** Server-renders one page with the same tree the client hydrates. */
export function renderApp(site: SiteData, page: PageData, theme: LoadedTheme, staticQueries?: StaticQueryResults): RenderedApp {
  const template = theme.templates.get(page.template)
  if (!template) throw new Error(`No template named ${page.template}`)
  const { App } = theme
  const rawHtml = createServerRawHtmlRegistry()
  const html = renderToString(<App site={site} page={page} Template={template.component} Layout={theme.layout?.component} rawHtml={rawHtml} hastCompiler={hastCompiler} staticQueries={staticQueries} />)
  // React 19 emits hoistable head tags first when rendering a fragment of the document.
  const match = hoistedRE.exec(html)
  return match ? { head: match[0], body: html.slice(match[0].length), rawHtmlIds: rawHtml.ids } : { head: '', body: html, rawHtmlIds: rawHtml.ids }
}
