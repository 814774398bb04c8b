import path from 'node:path'
import { isSheafError, SheafError } from '../errors.ts'
import type { PageData } from '../shared/types.ts'
import { documentInputs, type DocumentInputs } from './documentInputs.ts'
import { encodeLines } from './encodeLines.ts'
import { htmlShellLines } from './htmlShell.ts'
import { renderApp } from './renderApp.tsx'
import type { DocumentParts, RenderContext } from './renderContext.ts'
import { splitSharedData } from './sharedPageData.ts'

/** Renders one page's document from its page data (and its other inputs, when already known). */
export function renderDocument(
  pageData: PageData,
  context: RenderContext,
  inputs: DocumentInputs = documentInputs(pageData, context),
): string {
  return renderDocumentLines(pageData, context, inputs).join('\n')
}

/** The same document as UTF-8 bytes, for a file (see encodeLines.ts: no joined copy of the whole document). */
export function renderDocumentBytes(pageData: PageData, parts: DocumentParts, inputs: DocumentInputs): Buffer {
  return encodeLines(renderDocumentLines(pageData, parts, inputs))
}

/** Renders one page's document, as its lines, from its page data and its other inputs. */
function renderDocumentLines(
  pageData: PageData,
  { theme, siteData, assets, statics }: DocumentParts,
  { lang, headTags, csp, source, shareData }: DocumentInputs,
): string[] {
  try {
    const app = renderApp(siteData, pageData, theme, { lang, headTags }, statics?.results)
    // Rendered from the whole data; inlined as shipped, with the large shared parts as references.
    const inline = shareData ? splitSharedData(pageData).shipped : pageData
    return htmlShellLines({
      lang,
      head: app.head,
      hoisted: app.hoisted,
      body: app.body,
      page: inline,
      assets,
      rawHtmlIds: app.rawHtmlIds,
      notFoundRoutes: siteData.notFoundRoutes,
      csp,
    })
  } catch (error) {
    throw renderError(error, pageData, theme, source)
  }
}

/** A template that throws names the route, the template file and the content file (main thread or worker alike). */
function renderError(
  error: unknown,
  pageData: PageData,
  theme: DocumentParts['theme'],
  source: string | undefined,
): SheafError {
  if (isSheafError(error)) return error
  const template = theme.templates.get(pageData.template)?.file
  const templateFile = template ? path.relative(process.cwd(), template) : `the template \`${pageData.template}\``
  const message = error instanceof Error ? error.message : String(error)
  return new SheafError(
    `Rendering ${pageData.path}${source ? ` (from ${source})` : ''} failed: ${templateFile} threw "${message}".`,
    {
      file: template ? templateFile : source,
      hint:
        `fix ${templateFile} (or the layout) for this page's data${source ? `, or ${source}` : ''}; ` +
        `run with --verbose for the stack trace.`,
      cause: error,
    },
  )
}
