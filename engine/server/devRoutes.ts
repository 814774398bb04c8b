import fs from 'node:fs'
import type http from 'node:http'
import path from 'node:path'
import type { ViteDevServer } from 'vite'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import { notFoundRoutes, resolvePath, routeKey, stripBase } from '../shared/routes.ts'
import { clientLoadGraceMs, type BackgroundStart } from './backgroundStart.ts'
import { applyConfigHeaders } from './configHeaders.ts'
import { serveContentAsset } from './contentAssetRoute.ts'
import { pageData, renderPage } from './devPageRender.ts'
import type { DevSession } from './devSession.ts'
import type { ExplorerVite } from './explorer/explorerVite.ts'
import { answerGraphqlRequest } from './explorer/graphqlRequest.ts'
import { hostRefusal, isHostAllowed } from './hostCheck.ts'
import { isViteModuleRoute } from './viteModuleRoute.ts'

export const dataPrefix = '/_sheaf/data'
export const explorerRoute = '/___graphql'

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>

/** What the routes answer from besides the session. */
export interface DevRouteParts {
  vite: ViteDevServer
  explorer: ExplorerVite
  background: BackgroundStart
  /** After a page is answered (see devServer.ts): the emitted files, and the markdown pipeline warmed. */
  afterPage(page: RegisteredPage | undefined): void
}

function contentTypeOf(route: string): string {
  if (route.endsWith('.json')) return 'application/json; charset=utf-8'
  if (route.endsWith('.png')) return 'image/png'
  if (route.endsWith('.xml')) return 'application/xml; charset=utf-8'
  return 'text/plain; charset=utf-8'
}

/**
 * The dev server's request handler once it is ready: the explorer, the static queries' results,
 * page data, emitted files, Vite's modules and public files, and pages (a 404 page for the rest).
 * Every response under the base gets the config's `headers` that match it (see configHeaders.ts).
 */
export function devRequestHandler(session: DevSession, parts: DevRouteParts): Handler {
  const { config } = session
  return async (request, response) => {
    // Every route, the engine's as well as Vite's: pages, page data and the GraphQL endpoint show the
    // site's content to whoever can read the response (DNS rebinding: see hostCheck.ts).
    if (!isHostAllowed(request.headers.host, parts.vite.config.server.allowedHosts)) {
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
    if (parts.explorer.owns(url.pathname)) return parts.explorer.serve(request, response)
    if (route !== null) applyConfigHeaders(session.state.site.config.headers, route, response)
    if (route === explorerRoute) return serveExplorer(session, parts.explorer, request, response, url)
    const { statics } = session.state
    if (route !== null && statics && route === `/${statics.asset.file}`) {
      response.writeHead(200, jsonHeaders).end(statics.asset.json)
      return
    }
    if (route !== null && route.startsWith(`${dataPrefix}/`) && route.endsWith('.json')) {
      return servePageData(session, route, response)
    }
    if (route !== null && serveContentAsset(session.state.site.session.contentAssets, route, response)) return
    await serveFileOrPage(session, parts, { request, response, url, route })
  }
}

/** GET: the GraphiQL page; POST: a GraphQL query against the live schema. */
async function serveExplorer(
  session: DevSession,
  explorer: ExplorerVite,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  url: URL,
): Promise<void> {
  if (request.method === 'POST') {
    // A query may read any page's body: against the full load's store, not the outline.
    await session.backgroundSettled
    const { dataLayer } = session.state.site
    await answerGraphqlRequest(request, response, dataLayer.schema, dataLayer.context())
    return
  }
  const page = await explorer.page(url.pathname, session.config.title)
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page)
}

async function servePageData(session: DevSession, route: string, response: http.ServerResponse): Promise<void> {
  const pageRoute = route.slice(dataPrefix.length, -'.json'.length).replace(/\/index$/, '/') || '/'
  // Looked up in the turn: a request that waited for a rebuild's swap answers from the new state.
  const data = await session.inTurn(async () => {
    const { pages } = session.state
    const page = pages.get(routeKey(resolvePath(pageRoute))) ?? pages.get(routeKey(resolvePath(`${pageRoute}/`)))
    return page ? pageData(session, page) : null
  })
  if (!data) {
    response.writeHead(404, { 'content-type': 'application/json' }).end('{}')
    return
  }
  response.writeHead(200, jsonHeaders).end(JSON.stringify(data))
  session.emitFilesSoon()
}

interface Exchange {
  request: http.IncomingMessage
  response: http.ServerResponse
  url: URL
  route: string | null
}

/** An emitted file, Vite's (a module, a public file), a page, or the nearest 404 page. */
async function serveFileOrPage(session: DevSession, parts: DevRouteParts, exchange: Exchange): Promise<void> {
  const { request, response, url, route } = exchange
  const { state } = session
  const hasExtension = route !== null && /\.[a-z0-9]+$/i.test(route)
  const isFile = hasExtension && !route.endsWith('.html')
  const viteModule = route !== null && isViteModuleRoute(route, session.viteCacheRoute)
  // Pages have no extension and Vite's modules are never emitted: only another file's route
  // (an index, a redirect's .html) waits for the emitted files.
  // While the outline serves, the emitted files wait for the background pass: a public file
  // (the logo) does not wait with them.
  const emittable = route !== null && hasExtension && !viteModule && !(state.bodies && isPublicFile(session, route))
  const emitted = emittable ? (await state.files()).get(route) : undefined
  if (emitted !== undefined) {
    response.writeHead(200, { 'content-type': contentTypeOf(route as string), 'cache-control': 'no-store' })
    response.end(emitted)
    return
  }
  const page = route === null ? undefined : state.pages.get(routeKey(resolvePath(route)))
  // A public `.html` or extensionless file goes to Vite too, whose public-files guard refuses it
  // with the build's reason (publicFiles.ts).
  if (!page && (route === null || isFile || viteModule || isPublicFile(session, route))) {
    parts.background.requests.track(response)
    parts.vite.middlewares(request, response, () => {
      response.writeHead(404).end('Not found')
    })
    return
  }
  const notFound = () => {
    if (route === null) return undefined
    return notFoundRoutes(route)
      .map((candidate) => state.pages.get(candidate))
      .find(Boolean)
  }
  const target = page ?? notFound()
  if (!target) {
    response.writeHead(404).end('Not found')
    return
  }
  // The background pass waits for the page (answered or failed) and its client, not for a
  // timer: on a busy machine the first page can take longer than the fallback, and must not
  // share the core.
  parts.background.hold()
  try {
    await renderPage(session, url.pathname, target, page ? 200 : 404, response)
  } finally {
    parts.background.startIn(clientLoadGraceMs)
  }
  parts.afterPage(page)
}

function isPublicFile(session: DevSession, route: string): boolean {
  const { publicDir } = session.config
  let file: string
  try {
    file = path.resolve(publicDir, `.${decodeURIComponent(route)}`)
  } catch {
    return false
  }
  return file.startsWith(`${path.resolve(publicDir)}${path.sep}`) && fs.existsSync(file)
}
