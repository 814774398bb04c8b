// A render worker's task (see renderWorker.ts): imports the theme as the main thread does, then
// renders batches of pages from their page data and writes their HTML.
import type { PageData, SiteData } from '../shared/types.ts'
import type { ClientAssets } from './htmlShell.ts'
import { loadTheme, type LoadedTheme } from './loadTheme.ts'
import { OutputWriter } from './outputWriter.ts'
import type { DocumentInputs } from './documentInputs.ts'
import type { PageStatics } from './renderContext.ts'
import { renderDocumentBytes } from './renderDocument.ts'
import { themeImporter, type ThemeImportPlan } from './themeImporter.ts'

export interface RenderTaskInit {
  root: string
  theme: Parameters<typeof loadTheme>[1]
  plan: ThemeImportPlan
  siteData: SiteData
  assets: ClientAssets
  outDir: string
  /** The site's static query results (see RenderContext.statics). */
  statics?: PageStatics | null
}

export interface RenderTaskPage extends DocumentInputs {
  /** The page data as written to its data file: what the client hydrates from. */
  dataJson: string
  /** Relative to the output folder. */
  htmlFile: string
}

let setup: Promise<{ theme: LoadedTheme; init: RenderTaskInit }> | null = null

/** Starts importing the theme as soon as the worker has loaded (its pages arrive later). */
export function prepare(init: RenderTaskInit): void {
  setup = themeImporter(init.plan).then(async (importer) => ({
    theme: await loadTheme(init.root, init.theme, importer),
    init,
  }))
  setup.catch(() => undefined)
}

/** Renders and writes a batch of pages; resolves once their files are written. */
export default async function renderBatch(pages: RenderTaskPage[]): Promise<number> {
  if (!setup) throw new Error('the render worker was not prepared')
  const { theme, init } = await setup
  const parts = { theme, siteData: init.siteData, assets: init.assets, statics: init.statics }
  const writer = new OutputWriter(init.outDir)
  for (const page of pages) {
    const pageData = JSON.parse(page.dataJson) as PageData
    await writer.write(page.htmlFile, renderDocumentBytes(pageData, parts, page))
  }
  await writer.flush()
  return pages.length
}
