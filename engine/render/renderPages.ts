import type { RegisteredPage } from '../pages/pageRegistry.ts'
import type { BuiltPage } from '../plugins/types.ts'
import type { PageCache } from '../incremental/pageCache.ts'
import { routeToDataFile, routeToHtmlFile } from '../shared/routes.ts'
import type { PageData } from '../shared/types.ts'
import { documentInputs, renderInputsDigest } from './documentInputs.ts'
import { OutputWriter } from './outputWriter.ts'
import { queryPageData } from './queryPageData.ts'
import type { RenderContext } from './renderContext.ts'
import { renderDocument, renderDocumentBytes } from './renderDocument.ts'
import type { RenderTaskPage } from './renderTask.ts'
import type { RenderOffload } from './renderWorker.ts'
import { splitSharedData } from './sharedPageData.ts'

export interface RenderedPage extends BuiltPage {
  /** The document ('' when it was written straight to disk). */
  html: string
  /** The page data (null when written straight to disk). */
  pageData: PageData | null
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
  const outDir = output.outDir
  const run: RenderRun = {
    pages,
    context,
    outDir,
    writer: outDir ? new OutputWriter(outDir) : null,
    cache: outDir ? output.cache : undefined,
    rendered: [],
    offload: null,
    sharedWritten: new Set(),
    reused: 0,
    queried: 0,
    needed: 0,
    position: 0,
  }
  const { rendered, cache, writer } = run
  let offloaded = 0
  try {
    for (const page of pages) {
      run.position++
      await renderOne(run, page, true)
    }
    // A reused page whose previous files turned out to be missing renders after all, in its place.
    const missing = new Set(cache ? await cache.pages.settleLinks() : [])
    for (const page of pages) {
      if (!missing.has(page.path)) continue
      const at = rendered.findIndex((entry) => entry.path === page.path)
      rendered.splice(at, 1)
      run.reused--
      await renderOne(run, page, false)
      rendered.splice(at, 0, rendered.pop() as RenderedPage)
    }
    // Pages of a batch the worker failed render here (a template's error is thrown here, as without a worker).
    const returned = (await run.offload?.finish()) ?? []
    offloaded = (run.offload?.taken ?? 0) - returned.length
    if (writer) await renderReturned(returned, writer, context)
  } finally {
    run.offload?.close()
  }
  await writer?.flush()
  return { pages: rendered, reused: run.reused, queried: run.queried, offloaded }
}

/** One call of renderPages: where it writes, what it has rendered so far, and its counts. */
interface RenderRun {
  pages: RegisteredPage[]
  context: RenderContext
  outDir: string | undefined
  writer: OutputWriter | null
  cache: RenderOutput['cache']
  rendered: RenderedPage[]
  /** The render worker, once started (see offloadAfter). */
  offload: RenderOffload | null
  /** Shared files already in the output (written, or linked with a reused page): each is written once. */
  sharedWritten: Set<string>
  reused: number
  queried: number
  /** Pages that needed rendering (not reused) so far. */
  needed: number
  /** How many of `pages` have been reached. */
  position: number
}

/** Renders one page, or reuses its files from the previous output (when `reuse` and its inputs are unchanged). */
async function renderOne(run: RenderRun, page: RegisteredPage, reuse: boolean): Promise<void> {
  const { context, outDir, cache, writer } = run
  const htmlFile = routeToHtmlFile(page.path)
  const dataFile = routeToDataFile(page.path)
  // Written pages keep no data in memory (see BuiltPage.data).
  const built = (data: Record<string, unknown> = {}, html = '', pageData: PageData | null = null) =>
    run.rendered.push({
      path: page.path,
      template: page.template,
      context: page.context,
      data,
      htmlFile,
      html,
      pageData,
    })
  if (reuse && cache && outDir && cache.pages.reuseUnread(page.path, cache.previousOutDir, outDir)) {
    built()
    run.reused++
    return
  }
  const reads = new Set<string>()
  const pageData = await queryPageData(page, context, reads)
  run.queried++
  const dataJson = JSON.stringify(pageData)
  const inputs = documentInputs(pageData, context)
  const digest = cache ? renderInputsDigest(dataJson, inputs) : ''
  // Written output ships the layout's large parts once (the dev server and in-memory builds inline them).
  const shared = outDir && context.mode === 'build' ? splitSharedData(pageData) : null
  if (shared) inputs.shareData = true
  const sharedFiles = shared ? shared.chunks.map((chunk) => chunk.file) : []
  if (reuse && cache && outDir && cache.pages.reuseSameInputs(page.path, digest, reads, cache.previousOutDir, outDir)) {
    // Its shared files come from the previous output with it (recorded with its files below).
    for (const file of sharedFiles) run.sharedWritten.add(file)
    built()
    run.reused++
    return
  }
  run.needed++
  if (!outDir) {
    built(pageData.data, renderDocument(pageData, context, inputs), pageData)
    return
  }
  if (
    !run.offload &&
    context.startRenderWorker &&
    run.needed >= offloadAfter &&
    run.pages.length - run.position >= offloadMinRemaining
  )
    run.offload = context.startRenderWorker(outDir)
  const offered =
    dataJson.length <= offloadMaxDataLength &&
    run.offload?.offer({
      dataJson,
      lang: inputs.lang,
      headTags: inputs.headTags,
      csp: inputs.csp,
      shareData: inputs.shareData,
      htmlFile,
    })
  if (!offered) await writer?.write(htmlFile, renderDocumentBytes(pageData, context, inputs))
  await writer?.write(dataFile, shared && shared.shipped !== pageData ? JSON.stringify(shared.shipped) : dataJson)
  if (writer && shared) await writeSharedChunks(writer, shared.chunks, run.sharedWritten)
  cache?.pages.record(page.path, reads, digest, [htmlFile, dataFile, ...sharedFiles])
  built()
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
