import http from 'node:http'
import { formatError } from '../errors.ts'
import { contentFolders } from '../pipeline/contentFolders.ts'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import { devSinceEvent, devUpdateEvent, type DevUpdate } from '../shared/devUpdate.ts'
import { refuseMalformedPath } from './badRequest.ts'
import { BackgroundStart, clientLoadGraceMs } from './backgroundStart.ts'
import { EarlyPages } from './coldStart.ts'
import { DevOverlay } from './devOverlay.ts'
import { devRequestHandler } from './devRoutes.ts'
import { DevSession, type DevServerOptions } from './devSession.ts'
import { outlineState } from './devState.ts'
import { DevTheme } from './devTheme.ts'
import { createDevVite, loadViteModules } from './devVite.ts'
import { listenError } from './listenError.ts'
import { openOutline } from './outlineSite.ts'
import { backgroundSwap, Rebuilder } from './rebuilder.ts'
import { SourceWatchers } from './sourceWatchers.ts'
import { StartGate } from './startGate.ts'
import { traceStart } from './startTrace.ts'
import { transformerWarmup } from './transformerWarmup.ts'

export type { DevServerOptions } from './devSession.ts'

/**
 * The longest Vite's start waits for the pages asked for before it (a slow first page does not
 * hold up its scripts for longer).
 */
const earlyPageCapMs = 2000

type Outline = Awaited<ReturnType<typeof openOutline>>
interface RunningServer {
  close(): Promise<void>
  url: string
}

/**
 * The dev server: Vite (HMR, React Fast Refresh for the theme) plus the engine
 * in watch mode. A markdown save re-parses only that file (content-digest
 * cache), re-queries only the pages whose queries read a changed node, and
 * tells the open page to refetch its data in place. A content error shows in
 * Vite's overlay with file:line and a code frame, and in the terminal.
 * (The parts, by job: docs/architecture.md, "The dev server".)
 */
export async function startDevServer(root: string, options: DevServerOptions = {}): Promise<RunningServer> {
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

/** Listens on the first port asked for (once: a later call waits for the same). */
function listener(server: http.Server): (port: number) => Promise<void> {
  let listening: Promise<void> | null = null
  return (port) =>
    (listening ??= new Promise<void>((resolve, reject) => {
      server.once('error', (error) => reject(listenError(error, port, '127.0.0.1')))
      server.listen(port, '127.0.0.1', () => {
        traceStart('listening')
        resolve()
      })
    }))
}

async function start(
  root: string,
  options: DevServerOptions,
  server: http.Server,
  gate: StartGate,
): Promise<RunningServer> {
  traceStart('engine loaded')
  const listen = listener(server)
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
  const session = new DevSession(root, options, config, theme)
  // Before Vite is up: a page, once the outline is read (its plain-CSS stylesheets in it);
  // anything else waits for Vite.
  const early = new EarlyPages(session)
  gate.answerEarly(early.answer)
  await readOutline(session, outline, early, gate)
  const viteModules = loadViteModules()
  // Started now, before Vite: a save while Vite starts is kept (see sourceWatchers.ts).
  const contentDirs = contentFolders(session.state.site.store)
  const watchers = new SourceWatchers(root, options.configFile, contentDirs)
  // A page asked for already is answered first: its body and theme are transformed on the other
  // threads, which Vite's start (its modules, its config, its optimizer's scan) would share the
  // two cores with. Its scripts wait for Vite; its HTML and stylesheet need not.
  if (await early.answered(earlyPageCapMs)) traceStart('early pages answered')
  const viteInputs = { modules: viteModules, server, clientModules: outline.runner.clientModules(), contentDirs }
  const vite = await createDevVite(session, viteInputs).catch((error: unknown) => {
    session.close()
    watchers.close()
    throw error
  })
  traceStart('Vite started')
  session.vite = vite
  // (Loaded now: it imports Vite's config, and Vite, which the first page does not wait for.)
  const { ExplorerVite } = await import('./explorer/explorerVite.ts')
  const explorer = new ExplorerVite({ root, publicDir: config.publicDir, allowedHosts: options.allowedHosts, server })
  const themeWatcher = theme.watch(config)
  const { background, rebuilder } = connect(session, watchers)
  const warm = transformerWarmup(session)
  /** After a page is answered: the emitted files, and this thread's markdown pipeline warmed. */
  const afterPage = (page: RegisteredPage | undefined) => {
    session.emitFilesSoon()
    // Unless this thread's processor transformed the page's body, it is cold (the body came from
    // the body worker or the markdown cache), and the first save would pay for it.
    if (page && !session.state.bodies?.usedProcessor) warm(page)
  }
  // Requests held until now are answered; a page answered early has its follow-ups now.
  gate.ready(devRequestHandler(session, { vite, explorer, background, afterPage }))
  early.whenReady((page) => {
    background.hold()
    background.startIn(clientLoadGraceMs)
    afterPage(page)
  })
  traceStart('Vite and the rest ready')
  session.emitFilesSoon()
  const close = async () => {
    for (const part of [background, rebuilder, session, watchers, themeWatcher]) part.close()
    await Promise.all([vite.close(), explorer.close()])
    await new Promise((resolve) => server.close(resolve))
  }
  return { url, close }
}

/**
 * The outline (front-matter and file names: routes, titles, sidebars) and the pages, before Vite
 * starts: the first page needs them and not Vite (its scripts wait for Vite, its stylesheet not).
 * The cold start serves from it until the background pass (the full load) is swapped in: the
 * emitted files (search index, llms.txt) wait for that, being made from every body.
 */
async function readOutline(session: DevSession, outline: Outline, early: EarlyPages, gate: StartGate): Promise<void> {
  try {
    const site = await outline.load(() => early.routes)
    traceStart('outline read')
    session.state = await outlineState(site, async () => {
      await session.backgroundSettled
      return session.state.bodies ? new Map() : session.state.files()
    })
  } catch (error) {
    // Requests waiting for the outline get its error (the gate first, so they answer with it).
    gate.fail(error)
    early.failed(error)
    throw error
  }
  traceStart('outline and pages')
  // Written once the pages are known, for Vite to scan for dependencies.
  await session.writeEntry(true)
  traceStart('client entry written')
  early.ready()
}

/** Vite's socket and watcher, the rebuilds, the overlay and the background pass, wired together. */
function connect(session: DevSession, watchers: SourceWatchers): { background: BackgroundStart; rebuilder: Rebuilder } {
  const vite = session.vite as NonNullable<DevSession['vite']>
  const overlay = new DevOverlay(vite, session.root)
  const broadcast = (update: DevUpdate) => vite.ws.send({ type: 'custom', event: devUpdateEvent, data: update })
  // The background pass's load is the rebuilder's, and its result is swapped in through its queue.
  const background: BackgroundStart = new BackgroundStart({
    isOutline: () => Boolean(session.state.bodies),
    load: () => rebuilder.load(),
    ready: () => rebuilder.schedule(backgroundSwap, true),
    failed: (error) => {
      // Unless a save's rebuild has replaced the outline meanwhile (its own errors are its to report).
      if (session.state.bodies) {
        console.error(formatError(error))
        overlay.show(error)
      }
      // The outline goes on serving (pages still transform on demand); the emitted files are
      // missing until a save's rebuild succeeds.
      session.backgroundDone()
    },
    done: () => session.backgroundDone(),
  })
  const rebuilder: Rebuilder = new Rebuilder(session, overlay, background, broadcast)
  vite.ws.on(devSinceEvent, (data: unknown, client) => {
    // A page has loaded its client: the background pass no longer holds it up.
    background.start()
    const known = (data as { generation?: unknown } | null)?.generation
    if (typeof known === 'number' && Number.isInteger(known)) {
      client.send(devUpdateEvent, session.generations.since(known))
    }
    overlay.greet(client)
  })
  // The watchers started before Vite now schedule rebuilds, after the saves they saw meanwhile.
  watchers.deliverTo((file) => rebuilder.schedule(file))
  watchers.followVite(vite, contentFolders(session.state.site.store), {
    themeInputChanged: () => session.theme.invalidate(),
    themeModuleChanged: () => {
      // Queries may have changed with the module: drop cached data, and every page refetches.
      session.theme.invalidate()
      session.state.cache.clear()
      broadcast(session.generations.advance(null))
    },
    sourceChanged: (file) => rebuilder.schedule(file),
  })
  return { background, rebuilder }
}
