import { createHash } from 'node:crypto'
import path from 'node:path'
import { isSheafError, SheafError } from '../errors.ts'
import type { ResolvedConfig } from '../config/types.ts'
import type { DataLayer } from '../dataLayer.ts'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import type { PluginRunner } from '../plugins/runner.ts'
import type { BuiltPage, HeadTag } from '../plugins/types.ts'
import type { PageCache } from '../incremental/pageCache.ts'
import { isPageHeadTag } from '../shared/headTag.ts'
import { routeToDataFile, routeToHtmlFile } from '../shared/routes.ts'
import { OutputWriter } from './outputWriter.ts'
import type { PageData, SiteData } from '../shared/types.ts'
import type { StaticQueryResults } from '../shared/staticQuery.ts'
import { encodeLines } from './encodeLines.ts'
import { htmlShellLines, type ClientAssets } from './htmlShell.ts'
import { sitePolicy, type CspDirectives } from './contentSecurityPolicy.ts'
import type { LoadedTheme } from './loadTheme.ts'
import { renderApp } from './renderApp.tsx'
import type { RenderTaskPage } from './renderTask.ts'
import type { RenderOffload } from './renderWorker.ts'
import { splitSharedData } from './sharedPageData.ts'

export interface RenderedPage extends BuiltPage {
  /** The document ('' when it was written straight to disk). */
  html: string
  /** The page data (null when written straight to disk). */
  pageData: PageData | null
}

export interface RenderContext {
  dataLayer: DataLayer
  theme: LoadedTheme
  siteData: SiteData
  config: ResolvedConfig
  runner: PluginRunner
  mode: 'build' | 'develop'
  assets: ClientAssets
  /** Starts a worker thread that renders pages beside this one (see renderWorker.ts); none: render here. */
  startRenderWorker?: (outDir: string) => RenderOffload
  /** The site's static query results and the URL of the file they ship in (none: the site has no static query). */
  statics?: PageStatics | null
}

/** What a render needs of the static queries (see pipeline/staticQueries.ts). */
export interface PageStatics {
  results: StaticQueryResults
  url: string
}

/**
 * A render starts its worker once this many pages needed rendering, with at least
 * `offloadMinRemaining` pages to go: a one-page rebuild never pays for its start-up (0.3 s of
 * a core), a cold build of a thousand pages starts it within its first 30 ms.
 */
const offloadAfter = 16
const offloadMinRemaining = 100
/** A page whose data is larger renders here: the worker's heap is small (see renderWorker.ts). */
const offloadMaxDataLength = 1024 * 1024

/** Runs a page's queries (template and layout) with its context: the page data. */
export async function queryPageData(
  page: RegisteredPage,
  context: RenderContext,
  reads?: Set<string>,
): Promise<PageData> {
  const { dataLayer, theme, config, assets } = context
  const template = theme.templates.get(page.template)
  if (!template) throw new Error(`No template named ${page.template}`)
  // As in Gatsby, the page's path is a query variable of its own; the context may still set `path`.
  const variables = { path: page.path, ...page.context }
  const data = template.query
    ? await dataLayer.query(template.query, variables, path.relative(config.root, template.file), reads)
    : {}
  const layoutData = theme.layout?.query
    ? await dataLayer.query(theme.layout.query, variables, path.relative(config.root, theme.layout.file), reads)
    : {}
  const pageData: PageData = {
    path: page.path,
    template: page.template,
    context: page.context,
    data,
    layoutData,
    bundle: assets.bundle,
  }
  // Every page names the one results file: any template or the layout may show a static query.
  if (context.statics) pageData.staticQueries = context.statics.url
  const pageTags = pluginHeadTags(pageData, context).filter(isPageHeadTag)
  if (pageTags.length > 0) pageData.head = pageTags
  return pageData
}

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

/** What a document's render needs besides its page data: nothing a worker thread cannot have (see renderTask.ts). */
export type DocumentParts = Pick<RenderContext, 'theme' | 'siteData' | 'assets' | 'statics'>

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
      hint: `fix ${templateFile} (or the layout) for this page's data${source ? `, or ${source}` : ''}; run with --verbose for the stack trace.`,
      cause: error,
    },
  )
}

/** What a page's document takes in besides its page data and the site-wide key. */
export interface DocumentInputs {
  lang: string
  headTags: HeadTag[]
  /** The site's Content-Security-Policy for the page's `<meta>` (none: no policy). */
  csp?: CspDirectives | false
  /** The content file the page comes from, for a render error's message. */
  source?: string
  /**
   * Ship the layout data's large parts as shared files (see sharedPageData.ts): a build that writes its output does.
   */
  shareData?: boolean
}

/** The plugins' head tags for a page: its own (see isPageHeadTag) go into its page data, the rest into its document. */
function pluginHeadTags(pageData: PageData, { config, runner, mode }: RenderContext): HeadTag[] {
  return runner.headTags({ path: pageData.path, template: pageData.template, mode, base: config.base })
}

function documentInputs(pageData: PageData, context: RenderContext): DocumentInputs {
  const { config, runner, mode } = context
  const headTags = pluginHeadTags(pageData, context).filter((tag) => !isPageHeadTag(tag))
  // A page that is no content page (a language's 404) can name its language in its context.
  const lang =
    context.dataLayer.pageLang(pageData.path) ??
    (typeof pageData.context.lang === 'string' ? pageData.context.lang : undefined) ??
    config.lang
  // Built pages ship the policy; the dev server's do not (Vite injects inline scripts and opens a socket).
  const csp = mode === 'build' && config.csp ? sitePolicy(config.csp, runner.plugins) : false
  return { lang, headTags: [...config.head, ...headTags], csp, source: context.dataLayer.pageSource(pageData.path) }
}

/** A digest of everything a page's render takes in that the build-wide cache key does not cover. */
export function renderInputsDigest(dataJson: string, { lang, headTags, csp }: DocumentInputs): string {
  return createHash('sha1')
    .update(dataJson)
    .update('\0')
    .update(lang)
    .update('\0')
    .update(JSON.stringify(headTags))
    .update('\0')
    .update(JSON.stringify(csp))
    .digest('hex')
}

export interface RenderOutput {
  /** Write each page's HTML and data here as it is rendered (none: keep them in memory). */
  outDir?: string
  /** Skips pages whose inputs did not change, linking their previous files. */
  cache?: { pages: PageCache; previousOutDir: string }
}

/**
 * Renders every page (queries, then HTML). When writing, files go out as each
 * page is done, so memory holds one page at a time; unchanged pages are
 * linked from the previous build instead of rendered.
 */
export async function renderPages(
  pages: RegisteredPage[],
  context: RenderContext,
  output: RenderOutput = {},
): Promise<{ pages: RenderedPage[]; reused: number; queried: number; offloaded: number }> {
  const rendered: RenderedPage[] = []
  const writer = output.outDir ? new OutputWriter(output.outDir) : null
  let reused = 0
  let queried = 0
  const outDir = output.outDir
  const cache = outDir ? output.cache : undefined
  // A holder, not a variable: renderOne sets it, and TypeScript does not narrow across closures.
  const offload: { current: RenderOffload | null } = { current: null }
  let needed = 0
  let position = 0
  let offloaded = 0
  /** Shared files already in the output (written, or linked with a reused page): each is written once. */
  const sharedWritten = new Set<string>()
  const renderOne = async (page: RegisteredPage, reuse: boolean): Promise<void> => {
    const htmlFile = routeToHtmlFile(page.path)
    const dataFile = routeToDataFile(page.path)
    // Written pages keep no data in memory (see BuiltPage.data).
    const built = (data: Record<string, unknown> = {}, html = '', pageData: PageData | null = null) =>
      rendered.push({ path: page.path, template: page.template, context: page.context, data, htmlFile, html, pageData })
    if (reuse && cache && outDir && cache.pages.reuseUnread(page.path, cache.previousOutDir, outDir)) {
      built()
      reused++
      return
    }
    const reads = new Set<string>()
    const pageData = await queryPageData(page, context, reads)
    queried++
    const dataJson = JSON.stringify(pageData)
    const inputs = documentInputs(pageData, context)
    const digest = cache ? renderInputsDigest(dataJson, inputs) : ''
    // Written output ships the layout's large parts once (the dev server and in-memory builds inline them).
    const shared = outDir && context.mode === 'build' ? splitSharedData(pageData) : null
    if (shared) inputs.shareData = true
    const sharedFiles = shared ? shared.chunks.map((chunk) => chunk.file) : []
    if (
      reuse &&
      cache &&
      outDir &&
      cache.pages.reuseSameInputs(page.path, digest, reads, cache.previousOutDir, outDir)
    ) {
      // Its shared files come from the previous output with it (recorded with its files below).
      for (const file of sharedFiles) sharedWritten.add(file)
      built()
      reused++
      return
    }
    needed++
    if (
      outDir &&
      !offload.current &&
      context.startRenderWorker &&
      needed >= offloadAfter &&
      pages.length - position >= offloadMinRemaining
    )
      offload.current = context.startRenderWorker(outDir)
    if (outDir) {
      const offered =
        dataJson.length <= offloadMaxDataLength &&
        offload.current?.offer({
          dataJson,
          lang: inputs.lang,
          headTags: inputs.headTags,
          csp: inputs.csp,
          shareData: inputs.shareData,
          htmlFile,
        })
      if (!offered) await writer?.write(htmlFile, renderDocumentBytes(pageData, context, inputs))
      await writer?.write(dataFile, shared && shared.shipped !== pageData ? JSON.stringify(shared.shipped) : dataJson)
      if (writer && shared) await writeSharedChunks(writer, shared.chunks, sharedWritten)
      cache?.pages.record(page.path, reads, digest, [htmlFile, dataFile, ...sharedFiles])
      built()
    } else {
      built(pageData.data, renderDocument(pageData, context, inputs), pageData)
    }
  }
  try {
    for (const page of pages) {
      position++
      await renderOne(page, true)
    }
    // A reused page whose previous files turned out to be missing renders after all, in its place.
    const missing = new Set(cache ? await cache.pages.settleLinks() : [])
    for (const page of pages) {
      if (!missing.has(page.path)) continue
      const at = rendered.findIndex((entry) => entry.path === page.path)
      rendered.splice(at, 1)
      reused--
      await renderOne(page, false)
      rendered.splice(at, 0, rendered.pop() as RenderedPage)
    }
    // Pages of a batch the worker failed render here (a template's error is thrown here, as without a worker).
    const returned = (await offload.current?.finish()) ?? []
    offloaded = (offload.current?.taken ?? 0) - returned.length
    if (writer) await renderReturned(returned, writer, context)
  } finally {
    offload.current?.close()
  }
  await writer?.flush()
  return { pages: rendered, reused, queried, offloaded }
}

/** Writes the shared files not yet in the output, each once. */
async function writeSharedChunks(
  writer: OutputWriter,
  chunks: readonly { file: string; json: string }[],
  written: Set<string>,
): Promise<void> {
  for (const chunk of chunks) {
    if (written.has(chunk.file)) continue
    written.add(chunk.file)
    await writer.write(chunk.file, chunk.json, { once: true })
  }
}

/** Renders here the pages a render worker gave back. */
async function renderReturned(
  returned: readonly RenderTaskPage[],
  writer: OutputWriter,
  context: RenderContext,
): Promise<void> {
  for (const page of returned) {
    const pageData = JSON.parse(page.dataJson) as PageData
    await writer.write(page.htmlFile, renderDocumentBytes(pageData, context, page))
  }
}
