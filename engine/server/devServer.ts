import fs from 'node:fs'
import http from 'node:http'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { writeClientEntry } from '../bundle/clientEntry.ts'
import { defaultConfigFile } from '../config/loadConfig.ts'
import { formatError, type SheafError } from '../errors.ts'
import { combinedContentErrors, sortedByPlace } from '../pipeline/brokenFiles.ts'
import { loadSite, type LoadedSite } from '../build.ts'
import { createPages } from '../pipeline/createPages.ts'
import { withSiteTemplates } from '../pipeline/siteTemplates.ts'
import { pageStatics, prepareStaticQueries, staticQueryModules, type StaticQueriesOutput } from '../pipeline/staticQueries.ts'
import type { SiteRunner } from '../pipeline/createSiteRunner.ts'
import { postBuild } from '../pipeline/postBuild.ts'
import { toSiteData, withNotFoundRoutes } from '../pipeline/siteData.ts'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import { queryPageData, renderDocument, type RenderContext } from '../render/renderPages.ts'
import { themeEntries } from '../render/themeImporter.ts'
import { notFoundRoutes, resolvePath, routeKey, routeToHtmlFile, stripBase, withBase } from '../shared/routes.ts'
import type { PageData } from '../shared/types.ts'
import { parseReadKey, ReadDigests } from '../incremental/readKey.ts'
import { applyBodyEdit } from './bodyEdit.ts'
import { changedNodeIds } from './changedNodes.ts'
import { DevGenerations } from './devGenerations.ts'
import { createRebuildQueue, FileSnapshots, isEmptyFile } from './rebuildQueue.ts'
import { devGenerationMeta, devSinceEvent, devUpdateEvent } from '../shared/devUpdate.ts'
import { errorPayload } from './errorOverlay.ts'
import { answerGraphqlRequest } from './explorer/graphqlRequest.ts'
import type { ExplorerVite } from './explorer/explorerVite.ts'
import { refuseMalformedPath } from './badRequest.ts'
import { hostRefusal, isHostAllowed } from './hostCheck.ts'
import { BackgroundPass } from './backgroundPass.ts'
import { isViteModuleRoute } from './viteModuleRoute.ts'
import { RequestActivity } from './requestActivity.ts'
import { openOutline, type OutlineSite } from './outlineSite.ts'
import { watchTree } from './watchTree.ts'
import { traceStart } from './startTrace.ts'
import { DevTheme } from './devTheme.ts'
import { devStyleTags, devStyleUrl } from './devStyles.ts'
import type { PageBodies } from './pageBodies.ts'
import { plainStylesheet } from './plainStylesheet.ts'
import { contentFsDeny } from './contentFsDeny.ts'
import { StartGate } from './startGate.ts'
import { viteShellTags } from './viteShell.ts'
import { listenError } from './listenError.ts'

export interface DevServerOptions {
  configFile?: string
  port?: number
  /**
   * Host names the server answers for besides localhost and IP addresses (Vite's
   * `server.allowedHosts`: `.example.com` also allows its subdomains; `true` allows any).
   */
  allowedHosts?: string[] | true
}

interface DevState {
  site: LoadedSite
  pages: Map<string, RegisteredPage>
  /**
   * Files plugins emit after a build (search indexes, llms.txt, ...), served from memory: made on
   * the first call, once a page has been served (N=1,000 corpus: 1 s of search indexing that its
   * HTML need not wait for); a request for one waits for them.
   */
  files: () => Promise<Map<string, string | Uint8Array>>
  /** Page data by route, with the node ids its queries read. */
  cache: Map<string, { data: PageData; reads: Set<string> }>
  /** The files a full load left out, with their errors: the dev server keeps going past them (every other page is served). */
  broken: SheafError[]
  /**
   * The cold start's state (see outlineSite.ts): pages from front-matter and file names, whose
   * bodies are transformed when asked for, until the full load in the background replaces it.
   */
  bodies?: PageBodies
  /** The static queries' results, run once per state: a rebuild runs them again (see staticQueries.ts). */
  statics?: StaticQueriesOutput | null
}

const dataPrefix = '/_sheaf/data'
/** The client runtime the entry starts (compiled: the .js beside this module's, see scripts/compile.mjs). */
const clientStart = fileURLToPath(new URL('../client/start.tsx', import.meta.url))
const emitFilesDelayMs = 1000
/** After the first page, before the pipeline is warmed (after the page's own scripts and data have been asked for). */
const warmDelayMs = 1500
/** Quiet time after a quick (body-only) edit before the full rebuild that checks everything else. */
const fullRebuildDelayMs = 800
const explorerRoute = '/___graphql'
/** The swap of the background pass's result (a queue entry that names no file). */
const backgroundSwap = '\0background pass'
/** When no page is asked for this long after the server listens, the background pass starts anyway (its checks report in the terminal). */
const backgroundFallbackMs = 3000
/**
 * After a page is served, the background pass waits this long for the page's client to load and
 * connect (it starts as soon as one connects): its transform holds this thread for stretches,
 * and the page's modules, which Vite serves from it, would wait for them.
 */
const clientLoadGraceMs = 2000
/**
 * After that grace, the pass also waits until Vite's requests (the page's modules) have been
 * quiet this long (see requestActivity.ts), for at most `clientLoadCapMs` after the page.
 */
const viteQuietMs = 500
const clientLoadCapMs = 15_000
/** The longest Vite's start waits for the pages asked for before it (a slow first page does not hold up its scripts for longer). */
const earlyPageCapMs = 2000
/** Rounds of "query, then transform the bodies it read" for one page's data before its data is taken as it is. */
const bodyRounds = 3

function contentTypeOf(route: string): string {
  if (route.endsWith('.json')) return 'application/json; charset=utf-8'
  if (route.endsWith('.png')) return 'image/png'
  if (route.endsWith('.xml')) return 'application/xml; charset=utf-8'
  return 'text/plain; charset=utf-8'
}

/**
 * The dev server: Vite (HMR, React Fast Refresh for the theme) plus the engine
 * in watch mode. A markdown save re-parses only that file (content-digest
 * cache), re-queries only the pages whose queries read a changed node, and
 * tells the open page to refetch its data in place. A content error shows in
 * Vite's overlay with file:line and a code frame, and in the terminal.
 */
export async function startDevServer(root: string, options: DevServerOptions = {}): Promise<{ close(): Promise<void>; url: string }> {
  // The server listens first (see startGate.ts): a request made meanwhile is answered as soon as
  // what it needs is ready, the first page before Vite has started.
  const gate = new StartGate()
  const server = http.createServer((request, response) => {
    if (refuseMalformedPath(request, response)) return
    gate.dispatch(request, response).catch((error: unknown) => {
      console.error(formatError(error))
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(formatError(error))
    })
  })
  try {
    return await start(root, options, server, gate)
  } catch (error) {
    gate.fail(error)
    server.close()
    throw error
  }
}

async function start(root: string, options: DevServerOptions, server: http.Server, gate: StartGate): Promise<{ close(): Promise<void>; url: string }> {
  // The cold start serves from the outline until the background pass (the full load) is swapped
  // in: the emitted files (search index, llms.txt) wait for it, being made from every body.
  let backgroundDone: () => void = () => undefined
  const backgroundSettled = new Promise<void>((resolve) => (backgroundDone = resolve))
  traceStart('engine loaded')
  let listening: Promise<void> | null = null
  const listen = (port: number) =>
    (listening ??= new Promise<void>((resolve, reject) => {
      server.once('error', (error) => reject(listenError(error, port, '127.0.0.1')))
      server.listen(port, '127.0.0.1', () => {
        traceStart('listening')
        resolve()
      })
    }))
  // A port given on the command line is taken at once; the config's once it is read.
  if (options.port !== undefined) await listen(options.port)
  const outline = await openOutline(root, { configFile: options.configFile, mode: 'develop', quiet: true })
  traceStart('config and plugins')
  const { config } = outline
  const port = options.port ?? config.devPort
  await listen(port)
  // Said as soon as it listens: a page opened from now on is answered once it can be (see
  // startGate.ts), sooner than if the writer waited for the rest of the start to open it.
  const url = `http://127.0.0.1:${port}${config.base}`
  console.log(`[sheaf] dev server at ${url}`)
  // (The first pages' bodies are transformed by a worker that loads the markdown pipeline and its
  // highlighter meanwhile: see bodyWorker.ts. This thread's processor is made after the first page.)
  // The theme's server copy is bundled by esbuild (in its own process, but its plugin resolves
  // each import on this thread) from now on, while Vite starts and the outline is read.
  const theme = new DevTheme(root)
  theme.get(config).catch(() => undefined)
  let viteRef: import('vite').ViteDevServer | null = null
  const viteCacheDir = path.join(root, '.sheaf-cache', 'vite')
  /** The route of Vite's cache folder (under the base): its pre-bundled dependencies are Vite's to serve. */
  const viteCacheRoute = `/${path.relative(root, viteCacheDir).split(path.sep).join('/')}/`

  // Renders and a rebuild's swap of state take turns: a render reads one state throughout (its
  // pages, its data and the generation it reports to the page).
  let graphTurn: Promise<unknown> = Promise.resolve()
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    const run = graphTurn.then(task, task)
    graphTurn = run.catch(() => undefined)
    return run
  }
  // Each state swapped in is a generation; a page asks, once its socket is open, what changed
  // since the one it was rendered from (a save during its load would otherwise be lost).
  const generations = new DevGenerations()

  // Before Vite is up: a page, once the outline is read (its plain-CSS stylesheets in it, see
  // withViteTags); anything else waits for Vite.
  let state!: DevState
  let stateReady: () => void = () => undefined
  let stateFailed: (error: unknown) => void = () => undefined
  const stateRead = new Promise<void>((resolve, reject) => {
    stateReady = resolve
    stateFailed = reject
  })
  // (A request waiting for it gets the start's error: see startGate.ts.)
  stateRead.catch(() => undefined)
  /** Called once the server is ready, after a page answered before it (see `afterPage`). */
  let afterEarlyPage: ((page: RegisteredPage) => void) | null = null
  let earlyPage: RegisteredPage | null = null
  /** Pages asked for before Vite has started: Vite starts once they are answered (see below). */
  const earlyAnswers: Promise<unknown>[] = []
  /** The routes of those pages, whose bodies the outline's worker starts on early (see PageBodies.prefetch). */
  const earlyRoutes: string[] = []
  gate.answerEarly(async (request, response) => {
    // A refused host waits for the full handler, which says why.
    if (request.method !== 'GET' || !isHostAllowed(request.headers.host, options.allowedHosts ?? [])) return false
    const url = new URL(request.url ?? '/', 'http://localhost')
    const route = stripBase(url.pathname, config.base)
    if (route === null) return false
    if (/\.[a-z0-9]+$/i.test(route) || isViteModuleRoute(route, viteCacheRoute) || route === explorerRoute || route.startsWith(`${dataPrefix}/`)) return false
    earlyRoutes.push(route)
    const answered = (async () => {
      await stateRead
      const page = state.pages.get(routeKey(resolvePath(route)))
      if (!page) return null
      await renderPage(url.pathname, page, 200, response)
      return page
    })()
    earlyAnswers.push(answered.catch(() => undefined))
    const page = await answered
    if (!page) return false
    if (afterEarlyPage) afterEarlyPage(page)
    else earlyPage = page
    return true
  })

  // The outline (front-matter and file names: routes, titles, sidebars) and the pages, before Vite
  // starts: the first page needs them and not Vite (its scripts wait for Vite, its stylesheet not).
  try {
    const outlineSite = await outline.load(() => earlyRoutes)
    traceStart('outline read')
    state = await outlineState(outlineSite, async () => {
      await backgroundSettled
      return state.bodies ? new Map() : state.files()
    })
  } catch (error) {
    // Requests waiting for the outline get its error (the gate first, so they answer with it).
    gate.fail(error)
    stateFailed(error)
    throw error
  }
  traceStart('outline and pages')
  // Written once the pages are known, for Vite to scan for dependencies.
  const entry = await writeEntry(state.site, routesOf(state), true)
  traceStart('client entry written')
  stateReady()
  // Vite's modules load from now on, between the first page's steps: this thread mostly waits for
  // the page's body (on the body worker) and theme (esbuild) meanwhile. (5 pairs at N=1,000:
  // hydrated 0.3 s sooner, styled no later.) From the next turn of the event loop: a page whose
  // body and theme are ready by now renders first (its steps are promise jobs, which run before).
  const viteModules = new Promise((resolve) => setImmediate(resolve)).then(() => Promise.all([import('vite'), import('../bundle/viteConfig.ts')]))
  viteModules.catch(() => undefined)

  // Content folders and the config's get a watcher of their own: Vite's only covers its root, and
  // misses a quick second write to the same file (a config fixed right after the error it caused
  // stayed broken). Extra events cost nothing: rebuilds are serialized, and repeats skipped.
  // Started now, before Vite: a save while Vite starts (the first page may be open) is kept and
  // rebuilt once the rebuild queue exists.
  const configFile = path.resolve(root, options.configFile ?? defaultConfigFile)
  // The config's folder (its imports), unless that is the project's root, which holds
  // node_modules and the build output: then the config file alone.
  const configWatched = path.dirname(configFile) === path.resolve(root) ? configFile : path.dirname(configFile)
  // Theme modules hot-reload through Vite, whose watcher says when (see below).
  const isThemeModule = (file: string) => /\.(tsx?|css)$/.test(file) && file.includes(`${path.sep}theme${path.sep}`)
  const earlyChanges = new Set<string>()
  let sourceChanged: (file: string) => void = (file) => void earlyChanges.add(file)
  const outsideWatchers = [...new Set([...sourceRoots(state), configWatched])]
    .filter((dir) => fs.existsSync(dir))
    .map((dir) => {
      if (dir === configFile) return fs.watch(configFile, () => sourceChanged(configFile))
      // (One watch per folder, not Node's recursive watch of every file: see watchTree.ts.)
      return watchTree(dir, (file) => {
        if (!isThemeModule(file)) sourceChanged(file)
      })
    })

  // A page asked for already is answered first: its body and theme are transformed on the other
  // threads, which Vite's start (its modules, its config, its optimizer's scan) would share the
  // two cores with. Its scripts wait for Vite; its HTML and stylesheet need not.
  if (earlyAnswers.length > 0) {
    await Promise.race([Promise.all(earlyAnswers), new Promise((resolve) => setTimeout(resolve, earlyPageCapMs).unref())])
    traceStart('early pages answered')
  }
  const [{ createServer: createViteServer }, { createViteConfig }] = await viteModules
  const viteStart = createViteServer({
    ...createViteConfig({ root, base: config.base, publicDir: config.publicDir, mode: 'development' }),
    appType: 'custom',
    // Scan the client entry at start-up, so dependencies are pre-bundled before the first
    // page asks for them (otherwise Vite reloads the page once it discovers them). The modules
    // the entry imports are entries too: it names them by absolute path, and Vite's scan takes
    // an import whose specifier is its own resolved path for an external one and does not
    // follow it (react-dom/client and hast-util-to-jsx-runtime were found by the page, which
    // then reloaded). (The explorer's GraphiQL has a Vite of its own: see explorerVite.ts.)
    optimizeDeps: { entries: [entry, clientStart, ...outline.runner.clientModules(), ...themeEntries(config.theme)] },
    // The scan skips entries under `build.outDir` (Vite's default: `dist`), which is where the
    // engine's own client modules are compiled when the site is the engine's repository (this
    // site): react-dom/client, which only the engine's client imports, was then found by the
    // page, bundled, and the page reloaded (a cold start hydrated 3 s later). The dev server
    // writes no build, so the folder only needs to hold no source.
    build: { outDir: '.sheaf/vite-build' },
    // Pre-bundled dependencies go in the site's own cache. Vite's default is the node_modules of
    // the nearest package, which sites inside one project share (this repository's test fixtures):
    // two dev servers optimizing at once replaced each other's files, and a page waiting for them
    // never hydrated.
    cacheDir: viteCacheDir,
    // HMR shares the page's port, so one port serves everything.
    // Content is never served raw (see contentFsDeny.ts): only what a build would publish.
    server: { middlewareMode: true, hmr: { server }, allowedHosts: options.allowedHosts, fs: { deny: contentFsDeny(sourceRoots(state), root) }, watch: { ignored: ['**/build/**', '**/.sheaf/**', '**/.sheaf-cache/**', '**/test-results/**', '**/.git/**', '**/.e2e-build-*/**'] } },
  })
  const vite = await viteStart.catch(async (error: unknown) => {
    state.bodies?.close()
    for (const watcher of outsideWatchers) watcher.close()
    throw error
  })
  traceStart('Vite started')
  // The theme's stylesheets as a page's links ask for them (see devStyles.ts), transformed now,
  // while the outline is read and the first page's body transformed elsewhere: asked for with the
  // page, they came after its ~100 modules, which Vite transformed meanwhile (N=1,000 corpus: the
  // page was styled 1.1-2 s after its HTML, in a restart too). Vite answers the page's request
  // from this result (its module graph keeps it until the file changes).
  // (Only those a page links: a plain-CSS one is in the page itself.)
  for (const file of config.theme.styles) if (plainStylesheet(file) === null) void vite.transformRequest(`${devStyleUrl(file)}?direct`).catch(() => undefined)
  viteRef = vite
  // (Loaded now: it imports Vite's config, and Vite, which the first page does not wait for.)
  const explorer: ExplorerVite = new (await import('./explorer/explorerVite.ts')).ExplorerVite({ root, publicDir: config.publicDir, allowedHosts: options.allowedHosts, server })
  const themeWatcher = theme.watch(config)
  let lastError: unknown = null
  const broadcast = (update: ReturnType<DevGenerations['since']>) => vite.ws.send({ type: 'custom', event: devUpdateEvent, data: update })
  let errorShown = false
  vite.ws.on(devSinceEvent, (data: unknown, client) => {
    // A page has loaded its client: the background pass no longer holds it up.
    startBackgroundPass()
    const known = (data as { generation?: unknown } | null)?.generation
    if (typeof known === 'number' && Number.isInteger(known)) client.send(devUpdateEvent, generations.since(known))
    // The overlay as things are now. Vite keeps an error sent while no page was connected for
    // the next one that connects, even once fixed (a page that connected late kept an overlay no
    // update would clear); and a page opened during an error would not see it.
    if (lastError) client.send({ type: 'error', err: errorPayload(lastError, root) })
    else if (errorShown) client.send({ type: 'update', updates: [] })
  })
  // The emitted files of a state are made a second after the last page, data or rebuild (or when
  // one is asked for): debounced, so a save's data request and the next save do not queue behind a
  // search index build (hundreds of milliseconds of the one thread on this site) for the save before.
  let emitTimer: NodeJS.Timeout | undefined
  const emitFilesSoon = () => {
    clearTimeout(emitTimer)
    emitTimer = setTimeout(() => void state.files(), emitFilesDelayMs).unref()
  }
  // An error shown as Vite shows its own, in the overlay (a rebuild's, or a plugin's while emitting its files).
  const showError = (error: unknown) => {
    lastError = error
    errorShown = true
    vite.ws.send({ type: 'error', err: errorPayload(error, root) })
  }

  // One rebuild at a time; a save during one runs one more after it (see rebuildQueue.ts), and an
  // event for a file that reads as it did at the last one (the other watcher's copy) is no save.
  const snapshots = new FileSnapshots()
  const isChanged = (file: string) => {
    const changed = snapshots.changed(file)
    if (changed) background?.noteSave(file)
    return changed
  }
  const queue = createRebuildQueue((files) => rebuild(files), isChanged, isEmptyFile)
  const scheduleRebuild = (file: string) => queue.schedule(file)

  // A body-only save takes the quick path (bodyEdit.ts); the full rebuild that checks the rest
  // follows once saves have stopped for a moment, so a burst of edits is not queued behind it.
  const fullRebuild = '\0full rebuild after quick edits'
  let fullTimer: NodeJS.Timeout | undefined
  const fullRebuildSoon = () => {
    clearTimeout(fullTimer)
    fullTimer = setTimeout(() => queue.schedule(fullRebuild, true), fullRebuildDelayMs).unref()
  }
  const quickEdit = async (file: string): Promise<boolean> => {
    const started = performance.now()
    const update = await inTurn(async () => {
      const edit = await applyBodyEdit(state.site, file, [...state.cache].map(([route, entry]) => [route, entry.reads]), state.bodies)
      if (!edit) return null
      for (const route of edit.changedRoutes) state.cache.delete(route)
      console.log(`[sheaf] ${path.relative(root, file)} changed: ${edit.changedRoutes.length} page${edit.changedRoutes.length === 1 ? '' : 's'} to re-query (body only, ${Math.round(performance.now() - started)} ms)`)
      return generations.advance([...state.cache.keys()].map(routeKey))
    })
    if (!update) return false
    broadcast(update)
    // While the background pass runs, its swap does what the full rebuild would (see below).
    if (!background) fullRebuildSoon()
    return true
  }

  // The background pass: the full load, once the first page is served (or the server has waited
  // for one a while). It runs beside the rebuild queue, so a save meanwhile takes the quick path
  // at once rather than wait for it; its result is swapped in through the queue. A result that
  // predates a save is not swapped in: a full rebuild reads the files again (a warm one, every
  // body in the markdown cache by then).
  let background: BackgroundPass<DevState> | null = null
  let backgroundStarted = false
  const startBackgroundPass = () => {
    if (backgroundStarted) return
    backgroundStarted = true
    traceStart('background pass started')
    // A save's full load has replaced the outline already.
    if (!state.bodies) return backgroundDone()
    background = new BackgroundPass(
      () => load(root, { ...options, session: state.site.session, onFilesError: showError }),
      () => queue.schedule(backgroundSwap, true),
      (error: unknown) => {
        background = null
        // Unless a save's rebuild has replaced the outline meanwhile (its own errors are its to report).
        if (state.bodies) {
          console.error(formatError(error))
          showError(error)
        }
        // The outline goes on serving (pages still transform on demand); the emitted files are
        // missing until a save's rebuild succeeds.
        backgroundDone()
      },
    )
  }
  let backgroundTimer = setTimeout(startBackgroundPass, backgroundFallbackMs).unref()
  const viteRequests = new RequestActivity()
  const startBackgroundPassWhenQuiet = (deadline: number) => {
    const wait = viteRequests.quietIn(viteQuietMs)
    if (wait === 0 || performance.now() >= deadline) startBackgroundPass()
    else backgroundTimer = setTimeout(() => startBackgroundPassWhenQuiet(deadline), wait).unref()
  }
  const startBackgroundPassIn = (ms: number) => {
    clearTimeout(backgroundTimer)
    if (backgroundStarted) return
    const deadline = performance.now() + clientLoadCapMs
    backgroundTimer = setTimeout(() => startBackgroundPassWhenQuiet(deadline), ms).unref()
  }

  const rebuild = async (files: string[]) => {
    clearTimeout(fullTimer)
    if (files.includes(backgroundSwap)) {
      const pass = background
      background = null
      const taken = pass?.take()
      files = files.filter((file) => file !== backgroundSwap)
      if (files.length === 0) {
        // A save's full load replaced the outline already: nothing is left for the pass to do.
        if (!state.bodies || !taken?.result) return backgroundDone()
        if (!taken.stale) return swapIn(taken.result, 'the site (background pass: every page transformed and checked)', (pass as BackgroundPass<DevState>).started)
      }
      // A stale result (or saves with it): a full rebuild reads the files as they are now.
      files = [fullRebuild]
    }
    if (files.length === 1 && files[0] !== fullRebuild && lastError === null && (await quickEdit(files[0] as string))) return
    const started = performance.now()
    try {
      const next = await load(root, { ...options, session: state.site.session, onFilesError: showError })
      await swapIn(next, files[0] === fullRebuild ? 'the site (after quick edits)' : files.length === 1 ? path.relative(root, files[0] as string) : `${files.length} files`, started)
    } catch (error) {
      console.error(formatError(error))
      showError(error)
    }
  }

  /** Swaps a full load's state in: pages whose queries read nothing that changed keep their data; the rest refetch in place. */
  async function swapIn(next: DevState, named: string, started: number): Promise<void> {
    const changed = changedNodeIds(state.site.store, next.site.store)
    // An outline page whose body was never transformed holds placeholders where the full load
    // has its body and headings: whatever read them is re-queried.
    for (const id of state.bodies?.pending ?? []) changed.ids.add(id)
    // New static query results: every page names their new file, so every page refetches.
    const structural = changed.structural || next.pages.size !== state.pages.size || next.statics?.asset.hash !== state.statics?.asset.hash
    const before = new ReadDigests(state.site.store)
    const after = new ReadDigests(next.site.store)
    const changedRead = (key: string) => changed.ids.has(parseReadKey(key).nodeId) && before.of(key) !== after.of(key)
    let dropped = 0
    const update = await inTurn(async () => {
      // Keep cached page data whose queries read nothing that changed (for a read of some
      // fields: none of those fields changed). In the turn, so no data request of the old
      // state lands between this and the swap.
      for (const [route, entry] of state.cache) {
        if (!structural && ![...entry.reads].some(changedRead)) next.cache.set(route, entry)
        else dropped++
      }
      const recovered = lastError !== null
      // The outline's body worker has nothing left to do.
      state.bodies?.close()
      state = next
      await writeEntry(state.site, routesOf(state), false)
      // After an error every page refetches (what it shows may predate more than one save).
      return generations.advance(recovered ? null : [...next.cache.keys()].map(routeKey))
    })
    backgroundDone()
    console.log(`[sheaf] ${named} changed: ${dropped} page${dropped === 1 ? '' : 's'} to re-query${structural ? ' (pages added or removed)' : ''} (${Math.round(performance.now() - started)} ms)`)
    // After an error, an (empty) update clears Vite's overlay without a reload.
    if (lastError) vite.ws.send({ type: 'update', updates: [] })
    broadcast(update)
    lastError = null
    // The pages that built are served; the broken files stay in the overlay and the terminal until fixed.
    if (next.broken.length > 0) {
      const error = combinedContentErrors(next.broken)
      console.error(formatError(error))
      showError(error)
    }
    // The pages are updated first; the search index and other emitted files follow (1 s at N=1,000).
    emitFilesSoon()
  }

  // Watch where the sources really are (a files() plugin may read a folder outside the project):
  // the watchers started before Vite now schedule rebuilds, after the saves they saw meanwhile.
  const contentDirs = [path.join(root, 'site'), configWatched, path.join(root, 'plugins'), ...sourceRoots(state)]
  sourceChanged = scheduleRebuild
  for (const file of earlyChanges) scheduleRebuild(file)
  earlyChanges.clear()
  vite.watcher.on('all', (event, file) => {

    // Any module the theme's bundle may hold (its inputs are checked before it is bundled again).
    if (/\.(m?[jt]sx?|css|json)$/.test(file)) theme.invalidate()
    if (!contentDirs.some((dir) => file.startsWith(dir))) return
    if (isThemeModule(file) && event === 'change') {
      // Queries may have changed with the module: drop cached data, and every page refetches.
      theme.invalidate()
      state.cache.clear()
      broadcast(generations.advance(null))
      return
    }
    scheduleRebuild(file)
  })

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    // Every route, the engine's as well as Vite's: pages, page data and the GraphQL endpoint show the
    // site's content to whoever can read the response (DNS rebinding: see hostCheck.ts).
    if (!isHostAllowed(request.headers.host, vite.config.server.allowedHosts)) {
      request.resume()
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(hostRefusal(request.headers.host))
      return
    }
    const url = new URL(request.url ?? '/', 'http://localhost')
    const route = stripBase(url.pathname, config.base)
    // (Under a base: the site's root. A site at the root is served below: a redirect to itself looped.)
    if (url.pathname === '/' && config.base !== '/') {
      response.writeHead(302, { location: config.base }).end()
      return
    }
    if (explorer.owns(url.pathname)) {
      await explorer.serve(request, response)
      return
    }
    if (route === explorerRoute) {
      // A query may read any page's body: against the full load's store, not the outline.
      if (request.method === 'POST') await backgroundSettled
      await serveExplorer(request, response, url)
      return
    }
    if (route !== null && state.statics && route === `/${state.statics.asset.file}`) {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(state.statics.asset.json)
      return
    }
    if (route !== null && route.startsWith(`${dataPrefix}/`) && route.endsWith('.json')) {
      const pageRoute = route.slice(dataPrefix.length, -'.json'.length).replace(/\/index$/, '/') || '/'
      // Looked up in the turn: a request that waited for a rebuild's swap answers from the new state.
      const data = await inTurn(async () => {
        const page = state.pages.get(routeKey(resolvePath(pageRoute))) ?? state.pages.get(routeKey(resolvePath(`${pageRoute}/`)))
        return page ? pageData(page) : null
      })
      if (!data) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{}')
        return
      }
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(data))
      emitFilesSoon()
      return
    }
    const hasExtension = route !== null && /\.[a-z0-9]+$/i.test(route)
    const isFile = hasExtension && !route.endsWith('.html')
    const viteModule = route !== null && isViteModuleRoute(route, viteCacheRoute)
    // Pages have no extension and Vite's modules are never emitted: only another file's route
    // (an index, a redirect's .html) waits for the emitted files.
    // While the outline serves, the emitted files wait for the background pass: a public file
    // (the logo) does not wait with them.
    const emitted = route === null || !hasExtension || viteModule || (state.bodies && isPublicFile(route)) ? undefined : (await state.files()).get(route)
    if (emitted !== undefined) {
      response.writeHead(200, { 'content-type': contentTypeOf(route as string), 'cache-control': 'no-store' }).end(emitted)
      return
    }
    const page = route === null ? undefined : state.pages.get(routeKey(resolvePath(route)))
    // A public `.html` or extensionless file goes to Vite too, whose public-files guard refuses it with the build's reason (publicFiles.ts).
    if (!page && (route === null || isFile || viteModule || isPublicFile(route))) {
      viteRequests.track(response)
      vite.middlewares(request, response, () => {
        response.writeHead(404).end('Not found')
      })
      return
    }
    const target = page ?? (route === null ? undefined : notFoundRoutes(route).map((candidate) => state.pages.get(candidate)).find(Boolean))
    if (!target) {
      response.writeHead(404).end('Not found')
      return
    }
    // The background pass waits for the page (answered or failed) and its client, not for a
    // timer: on a busy machine the first page can take longer than the fallback, and must not
    // share the core.
    clearTimeout(backgroundTimer)
    try {
      await renderPage(url.pathname, target, page ? 200 : 404, response)
    } finally {
      startBackgroundPassIn(clientLoadGraceMs)
    }
    afterPage(page)
  }

  /** After a page is answered: the emitted files, and this thread's markdown pipeline warmed. */
  function afterPage(page: RegisteredPage | undefined): void {
    emitFilesSoon()
    // Unless this thread's processor transformed the page's body, it is cold (the body came from
    // the body worker or the markdown cache), and the first save would pay for it.
    if (page && !state.bodies?.usedProcessor) warmTransformerOnce(page)
  }

  function isPublicFile(route: string): boolean {
    let file: string
    try {
      file = path.resolve(config.publicDir, `.${decodeURIComponent(route)}`)
    } catch {
      return false
    }
    return file.startsWith(`${path.resolve(config.publicDir)}${path.sep}`) && fs.existsSync(file)
  }

  /**
   * The markdown pipeline and its highlighter are made on first use, and a start from the cache
   * (or one whose pages worker threads transformed) never uses them on this thread: the first
   * save then paid for them (850 ms of a rebuild that otherwise takes 70 on this site). Once the
   * first page is served and the server idle, the page's own source goes through them once (its
   * code languages loaded): it is the file most likely saved next. The result is not kept.
   */
  let warmed = false
  function warmTransformerOnce(page: RegisteredPage): void {
    if (warmed) return
    warmed = true
    const source = state.site.dataLayer.pageSource(page.path)
    const file = source && path.resolve(root, source)
    if (!file || !/\.mdx?$/.test(file)) return
    setTimeout(() => {
      fs.promises
        .readFile(file, 'utf8')
        .then((text) => state.site.session.processor.process({ source: text, file: source as string, mdx: file.endsWith('.mdx') }))
        // A broken page is reported when it is built, not by a warm-up.
        .catch(() => undefined)
    }, warmDelayMs).unref()
  }

  /**
   * A rendered page with the tags Vite injects (its client, React Refresh's preamble) at the start
   * of its head, where Vite puts them. Only a bare shell goes through Vite's HTML transform: it
   * prefixes the base to every root-relative asset URL, and the page's URLs carry it already (a
   * build needs them so), so the logo's `src` and the like came out with the base twice (a 404,
   * and a hydration warning). Also the generation of the state it was rendered from (see
   * devGenerations.ts).
   */
  async function withViteTags(pathname: string, html: string, generation: number): Promise<string> {
    // Before Vite is up, the same tags (see viteShell.ts): they load once it is.
    const shell = viteRef ? await viteRef.transformIndexHtml(pathname, '<!doctype html><html><head></head><body></body></html>') : null
    const early = viteShellTags(config.base)
    const head = shell === null ? early.head : (/<head>([\s\S]*)<\/head>/.exec(shell)?.[1] ?? '')
    const body = shell === null ? early.body : (/<body>([\s\S]*)<\/body>/.exec(shell)?.[1] ?? '')
    // The theme's stylesheets until the client entry has run (see devStyles.ts): in the page when
    // they are plain CSS (see plainStylesheet.ts: it paints styled with its HTML, without a request
    // that came while Vite started), linked otherwise.
    const styles = devStyleTags(state.site.config.theme.styles, config.base, plainStylesheet)
    const at = html.lastIndexOf('</body>')
    const withBody = at === -1 ? html : `${html.slice(0, at)}${body}${styles.body}${html.slice(at)}`
    const meta = `<meta name="${devGenerationMeta}" content="${generation}">`
    return withBody.replace('<head>', () => `<head>\n${meta}\n${head}${styles.head}\n`)
  }

  /** A page rendered from the current state (in a turn), with Vite's tags, answered with `status`. */
  async function renderPage(pathname: string, target: RegisteredPage, status: number, response: http.ServerResponse): Promise<void> {
    // The generation is the state's: both change only in a turn.
    const { html, generation } = await inTurn(async () => {
      // The page's data first: its body's transform goes on while the theme may still be loading.
      const data = await pageData(target)
      return { html: renderDocument(data, await renderContext()), generation: generations.generation }
    })
    traceStart(`${target.path}: rendered`)
    const transformed = await withViteTags(pathname, html, generation)
    traceStart(`${target.path}: answered`)
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(transformed)
  }

  /** GET: the GraphiQL page; POST: a GraphQL query against the live schema. */
  async function serveExplorer(request: http.IncomingMessage, response: http.ServerResponse, url: URL): Promise<void> {
    if (request.method === 'POST') {
      await answerGraphqlRequest(request, response, state.site.dataLayer.schema, state.site.dataLayer.context())
      return
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(await explorer.page(url.pathname, config.title))
  }

  async function renderContext(): Promise<RenderContext> {
    return {
      dataLayer: state.site.dataLayer,
      theme: await theme.get(state.site.config),
      siteData: siteDataOf(state),
      config: state.site.config,
      runner: state.site.runner,
      mode: 'develop',
      // Under the base, as every URL of the rendered page (see withViteTags).
      assets: { entry: withBase(`/${path.relative(root, entry).split(path.sep).join('/')}`, config.base), css: [], templateChunks: {}, bundle: 'dev' },
      statics: pageStatics(state.statics),
    }
  }

  /**
   * A page's data, from the cache or its queries. While the outline serves, the page's own body is
   * transformed first, and the bodies its queries read (an overview's pages, say) before they are
   * run again.
   */
  async function pageData(page: RegisteredPage): Promise<PageData> {
    const cached = state.cache.get(page.path)
    if (cached) return cached.data
    const { bodies } = state
    // (The theme loads meanwhile: the first page's waited for the theme, then transformed its body.)
    const contextLoad = renderContext()
    contextLoad.catch(() => undefined)
    await bodies?.ensure(bodies.pendingAt(page.path))
    traceStart(`${page.path}: body transformed`)
    const context = await contextLoad
    traceStart(`${page.path}: theme imported`)
    let reads = new Set<string>()
    let data = await queryPageData(page, context, reads)
    traceStart(`${page.path}: queried`)
    for (let round = 1; bodies && round < bodyRounds; round++) {
      const demanded = bodies.demandedBy(reads)
      if (demanded.length === 0) break
      await bodies.ensure(demanded)
      reads = new Set<string>()
      data = await queryPageData(page, context, reads)
    }
    state.cache.set(page.path, { data, reads })
    return data
  }

  // Requests held until now are answered; a page answered early has its follow-ups now.
  gate.ready(handle)
  afterEarlyPage = (page) => {
    clearTimeout(backgroundTimer)
    startBackgroundPassIn(clientLoadGraceMs)
    afterPage(page)
  }
  if (earlyPage) afterEarlyPage(earlyPage)
  traceStart('Vite and the rest ready')
  emitFilesSoon()
  return {
    url,
    async close() {
      clearTimeout(backgroundTimer)
      state.bodies?.close()
      for (const watcher of [...outsideWatchers, themeWatcher]) watcher.close()
      await Promise.all([vite.close(), explorer.close()])
      await new Promise((resolve) => server.close(resolve))
    },
  }

  async function writeEntry(site: SiteRunner, routes: string[], first: boolean): Promise<string> {
    // Hoisted: also called before the Vite server exists.
    const before = first ? null : await fs.promises.readFile(entry, 'utf8').catch(() => null)
    const file = await writeClientEntry({
      root,
      site: withNotFoundRoutes(toSiteData(site.config), routes),
      templates: site.config.theme.templates,
      layout: site.config.theme.layout,
      styles: site.config.theme.styles,
      clientModules: site.runner.clientModules(),
      siteComponents: site.config.theme.siteComponents,
      dev: true,
    })
    // Only when the entry changed (the config, the theme's files or the plugins' client modules):
    // the theme's modules are Vite's to invalidate when they change, and invalidating them all
    // after every save made the page's data request load the theme afresh (the largest part of
    // a save's way to the screen on this site, after the rebuild itself).
    if (!first && before !== (await fs.promises.readFile(file, 'utf8').catch(() => null))) viteRef?.moduleGraph.invalidateAll()
    return file
  }
}

/** The folders File nodes were read from: absolutePath minus relativePath. */
function sourceRoots(state: DevState): string[] {
  const roots = new Set<string>()
  for (const file of state.site.store.getNodesByType('File')) {
    const absolute = String(file.absolutePath ?? '')
    const relative = String(file.relativePath ?? '')
    if (absolute.endsWith(relative)) roots.add(absolute.slice(0, absolute.length - relative.length).replace(/[/\\]+$/, ''))
  }
  return [...roots]
}

function routesOf(state: DevState): string[] {
  return [...state.pages.values()].map((page) => page.path)
}

function siteDataOf(state: DevState) {
  return withNotFoundRoutes(toSiteData(state.site.config), routesOf(state))
}

/** The cold start's state: the outline (see outlineSite.ts); `files` waits for the full load. */
async function outlineState(site: OutlineSite, files: DevState['files']): Promise<DevState> {
  const registered = await createPages(site, site.dataLayer, site.run)
  const { config, statics } = await renderInputs(site)
  return { site: { ...site, config }, bodies: site.bodies, pages: new Map(registered.map((page) => [routeKey(page.path), page])), files, cache: new Map(), statics, broken: [] }
}

async function load(root: string, options: DevServerOptions & { session?: LoadedSite['session']; onFilesError?: (error: unknown) => void }): Promise<DevState> {
  const site = await loadSite(root, { configFile: options.configFile, mode: 'develop', quiet: true, session: options.session, keepGoing: true })
  const registered = await createPages(site, site.dataLayer, site.run)
  const emit = async () => {
    const files = new Map<string, string | Uint8Array>()
    const pages = registered.map((page) => ({ path: page.path, template: page.template, context: page.context, data: {}, htmlFile: routeToHtmlFile(page.path) }))
    await postBuild(site, site.dataLayer, pages, { outDir: '', emitFile: async (relativePath, content) => void files.set(`/${relativePath.replace(/^\/+/, '')}`, content) }, site.run)
    return files
  }
  // Made on the first call; an error is reported, and the files are missing.
  let made: Promise<Map<string, string | Uint8Array>> | null = null
  const files = () =>
    (made ??= emit().catch((error: unknown) => {
      console.error(formatError(error))
      options.onFilesError?.(error)
      return new Map<string, string | Uint8Array>()
    }))
  const { config, statics } = await renderInputs(site)
  return { site: { ...site, config }, pages: new Map(registered.map((page) => [routeKey(page.path), page])), files, cache: new Map(), statics, broken: sortedByPlace(site.run.broken.errors) }
}

/** Once the pages are created: the config with the site's own templates, and the static queries' results. */
async function renderInputs(site: LoadedSite | OutlineSite): Promise<{ config: LoadedSite['config']; statics: StaticQueriesOutput | null }> {
  const config = withSiteTemplates(site.config, site.registry.siteTemplates.templates)
  return { config, statics: await prepareStaticQueries(staticQueryModules(config), site.config.root, config.base, site.dataLayer, site.run) }
}
