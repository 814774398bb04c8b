import { formatError, type SheafError } from '../errors.ts'
import { loadSite, type LoadedSite } from '../build.ts'
import { sortedByPlace } from '../pipeline/brokenFiles.ts'
import { createPages } from '../pipeline/createPages.ts'
import { postBuild } from '../pipeline/postBuild.ts'
import { toSiteData, withNotFoundRoutes } from '../pipeline/siteData.ts'
import { withSiteTemplates } from '../pipeline/siteTemplates.ts'
import { prepareStaticQueries, staticQueryModules, type StaticQueriesOutput } from '../pipeline/staticQueries.ts'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import { routeKey, routeToHtmlFile } from '../shared/routes.ts'
import type { PageData } from '../shared/types.ts'
import type { OutlineSite } from './outlineSite.ts'
import type { PageBodies } from './pageBodies.ts'

/** Emitted files by route: what plugins write after a build (search indexes, llms.txt, ...). */
export type EmittedFiles = Map<string, string | Uint8Array>

/** One state of the site the dev server serves from: a full load's, or the cold start's outline. */
export interface DevState {
  site: LoadedSite
  pages: Map<string, RegisteredPage>
  /**
   * Files plugins emit after a build (search indexes, llms.txt, ...), served from memory: made on
   * the first call, once a page has been served (N=1,000 corpus: 1 s of search indexing that its
   * HTML need not wait for); a request for one waits for them.
   */
  files: () => Promise<EmittedFiles>
  /** Page data by route, with the node ids its queries read. */
  cache: Map<string, { data: PageData; reads: Set<string> }>
  /**
   * The files a full load left out, with their errors: the dev server keeps going past them
   * (every other page is served).
   */
  broken: SheafError[]
  /**
   * The cold start's state (see outlineSite.ts): pages from front-matter and file names, whose
   * bodies are transformed when asked for, until the full load in the background replaces it.
   */
  bodies?: PageBodies
  /** The static queries' results, run once per state: a rebuild runs them again (see staticQueries.ts). */
  statics?: StaticQueriesOutput | null
  /** What the static queries read (read keys, see readKey.ts): a quick edit that changes one runs them again. */
  staticReads?: Set<string>
}

export interface DevLoadOptions {
  configFile?: string
  /** The previous state's session: its caches (markdown, bundles) make the load warm. */
  session?: LoadedSite['session']
  /** A plugin's error while emitting its files (they are then missing). */
  onFilesError?: (error: unknown) => void
}

export function routesOf(state: DevState): string[] {
  return [...state.pages.values()].map((page) => page.path)
}

export function siteDataOf(state: DevState) {
  return withNotFoundRoutes(toSiteData(state.site.config), routesOf(state))
}

/** The cold start's state: the outline (see outlineSite.ts); `files` waits for the full load. */
export async function outlineState(site: OutlineSite, files: DevState['files']): Promise<DevState> {
  const registered = await createPages(site, site.dataLayer, site.run)
  const { config, statics, staticReads } = await renderInputs(site)
  const pages = new Map(registered.map((page) => [routeKey(page.path), page]))
  const cache = new Map()
  return { site: { ...site, config }, bodies: site.bodies, pages, files, cache, statics, staticReads, broken: [] }
}

/** A full load (every body transformed, every check run) as a state; broken files are kept going past. */
export async function loadDevState(root: string, options: DevLoadOptions): Promise<DevState> {
  const { configFile, session } = options
  const site = await loadSite(root, { configFile, mode: 'develop', quiet: true, session, keepGoing: true })
  const registered = await createPages(site, site.dataLayer, site.run)
  const emit = async () => {
    const files: EmittedFiles = new Map()
    const pages = registered.map(({ path, template, context }) => {
      return { path, template, context, data: {}, htmlFile: routeToHtmlFile(path) }
    })
    const emitFile = async (relativePath: string, content: string | Uint8Array) =>
      void files.set(`/${relativePath.replace(/^\/+/, '')}`, content)
    await postBuild(site, site.dataLayer, pages, { outDir: '', emitFile }, site.run)
    return files
  }
  // Made on the first call; an error is reported, and the files are missing.
  let made: Promise<EmittedFiles> | null = null
  const files = () =>
    (made ??= emit().catch((error: unknown) => {
      console.error(formatError(error))
      options.onFilesError?.(error)
      return new Map() as EmittedFiles
    }))
  const { config, statics, staticReads } = await renderInputs(site)
  const pages = new Map(registered.map((page) => [routeKey(page.path), page]))
  const broken = sortedByPlace(site.run.broken.errors)
  return { site: { ...site, config }, pages, files, cache: new Map(), statics, staticReads, broken }
}

/** Once the pages are created: the config with the site's own templates, and the static queries' results. */
type RenderInputs = Pick<DevState, 'statics' | 'staticReads'> & { config: LoadedSite['config'] }

async function renderInputs(site: LoadedSite | OutlineSite): Promise<RenderInputs> {
  const config = withSiteTemplates(site.config, site.registry.siteTemplates.templates)
  const staticReads = new Set<string>()
  const modules = staticQueryModules(config)
  const { dataLayer, run } = site
  const statics = await prepareStaticQueries(modules, site.config.root, config.base, dataLayer, run, staticReads)
  return { config, statics, staticReads }
}
