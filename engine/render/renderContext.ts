import type { ResolvedConfig } from '../config/types.ts'
import type { DataLayer } from '../dataLayer.ts'
import type { PluginRunner } from '../plugins/runner.ts'
import type { SiteData } from '../shared/types.ts'
import type { StaticQueryResults } from '../shared/staticQuery.ts'
import type { ClientAssets } from './htmlShell.ts'
import type { LoadedTheme } from './loadTheme.ts'
import type { RenderOffload } from './renderWorker.ts'

/** What rendering a site's pages takes besides the pages: their data, the theme, the config, the plugins. */
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

/** What a document's render needs besides its page data: nothing a worker thread cannot have (see renderTask.ts). */
export type DocumentParts = Pick<RenderContext, 'theme' | 'siteData' | 'assets' | 'statics'>
