import type http from 'node:http'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import { resolvePath, routeKey, stripBase } from '../shared/routes.ts'
import { dataPrefix, explorerRoute } from './devRoutes.ts'
import { applyConfigHeaders } from './configHeaders.ts'
import { renderPage } from './devPageRender.ts'
import type { DevSession } from './devSession.ts'
import { isHostAllowed } from './hostCheck.ts'
import { isViteModuleRoute } from './viteModuleRoute.ts'

/**
 * The pages asked for before the server is ready (see startGate.ts): answered once the outline is
 * read, before Vite has started (their scripts wait for Vite; their HTML and stylesheet need not).
 * Anything else waits for the full handler. Vite's start waits for these pages (see `answered`),
 * and a page answered early has its follow-ups once the server is ready (see `whenReady`).
 */
export class EarlyPages {
  /** The routes of those pages, whose bodies the outline's worker starts on early (see PageBodies.prefetch). */
  readonly routes: string[] = []
  private readonly answers: Promise<unknown>[] = []
  private readonly stateRead: Promise<void>
  private stateReady: () => void = () => undefined
  private stateFailed: (error: unknown) => void = () => undefined
  private page: RegisteredPage | null = null
  private follow: ((page: RegisteredPage) => void) | null = null
  private readonly session: DevSession

  constructor(session: DevSession) {
    this.session = session
    this.stateRead = new Promise<void>((resolve, reject) => {
      this.stateReady = resolve
      this.stateFailed = reject
    })
    // (A request waiting for it gets the start's error: see startGate.ts.)
    this.stateRead.catch(() => undefined)
  }

  /** The session's first state is set: pages asked for are answered from it. */
  ready(): void {
    this.stateReady()
  }

  failed(error: unknown): void {
    this.stateFailed(error)
  }

  /** The gate's early handler: true when it answered the request with a page. */
  readonly answer = async (request: http.IncomingMessage, response: http.ServerResponse): Promise<boolean> => {
    const { config, options, viteCacheRoute } = this.session
    // A refused host waits for the full handler, which says why.
    if (request.method !== 'GET' || !isHostAllowed(request.headers.host, options.allowedHosts ?? [])) return false
    const url = new URL(request.url ?? '/', 'http://localhost')
    const route = stripBase(url.pathname, config.base)
    if (route === null) return false
    const isPage = !/\.[a-z0-9]+$/i.test(route) && !isViteModuleRoute(route, viteCacheRoute)
    if (!isPage || route === explorerRoute || route.startsWith(`${dataPrefix}/`)) return false
    this.routes.push(route)
    const answered = (async () => {
      await this.stateRead
      const page = this.session.state.pages.get(routeKey(resolvePath(route)))
      if (!page) return null
      applyConfigHeaders(this.session.state.site.config.headers, route, response)
      await renderPage(this.session, url.pathname, page, 200, response)
      return page
    })()
    this.answers.push(answered.catch(() => undefined))
    const page = await answered
    if (!page) return false
    if (this.follow) this.follow(page)
    else this.page = page
    return true
  }

  /** Waits for the pages asked for so far (answered or failed), for at most `capMs`; false when there were none. */
  async answered(capMs: number): Promise<boolean> {
    if (this.answers.length === 0) return false
    await Promise.race([Promise.all(this.answers), new Promise((resolve) => setTimeout(resolve, capMs).unref())])
    return true
  }

  /** `follow` runs for a page answered early, now if one was, or when one is. */
  whenReady(follow: (page: RegisteredPage) => void): void {
    this.follow = follow
    if (this.page) follow(this.page)
  }
}
