import type http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ViteDevServer } from 'vite'
import { createViteConfig } from '../../bundle/viteConfig.ts'

const explorerEntry = fileURLToPath(new URL('./explorer.tsx', import.meta.url))

/** Where the explorer's Vite serves its client, its module and the pre-bundled GraphiQL (outside any site's base). */
export const explorerAssetsBase = '/__sheaf_explorer/'

/**
 * The GraphQL explorer's page (GraphiQL) and its modules, from a Vite server of its own, started
 * the first time the explorer is opened.
 *
 * Why not the pages' Vite: GraphiQL and its editor are most of what Vite pre-bundles for the
 * browser (9.8 MB of 10). Scanned with the pages' entry at start-up, they took about 1.5 s of CPU
 * (Rolldown's threads) beside the start and the first page, which most sessions never open the
 * explorer after; found later instead, they would make Vite optimize again and reload the open
 * pages. A server of its own keeps its dependencies in a cache folder of its own, and watches
 * no files.
 */
export class ExplorerVite {
  private starting: Promise<ViteDevServer> | null = null

  constructor(
    private readonly options: { root: string; publicDir: string; allowedHosts?: string[] | true; server: http.Server },
  ) {}

  /** Whether a request path is one of the explorer's assets. */
  owns(pathname: string): boolean {
    return pathname.startsWith(explorerAssetsBase)
  }

  /** The explorer's page, for `pathname` (the explorer's route), titled with the site's title. */
  async page(pathname: string, title: string): Promise<string> {
    const vite = await this.start()
    // (Vite's HTML transform puts the base in front.)
    const script = `/@fs${explorerEntry}`
    const html =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>GraphQL explorer ` +
      `· ${title}</title><style>body{margin:0;height:100vh}#root{height:100vh}</style></head><body><div ` +
      `id="root"></div><script type="module" src="${script}"></script></body></html>`
    return vite.transformIndexHtml(pathname, html)
  }

  /** Serves one of the explorer's assets. */
  async serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const vite = await this.start()
    vite.middlewares(request, response, () => {
      response.writeHead(404).end('Not found')
    })
  }

  async close(): Promise<void> {
    const starting = this.starting
    this.starting = null
    await (await starting?.catch(() => null))?.close()
  }

  private start(): Promise<ViteDevServer> {
    this.starting ??= (async () => {
      const { createServer } = await import('vite')
      const { root, publicDir, allowedHosts, server } = this.options
      return createServer({
        ...createViteConfig({ root, base: explorerAssetsBase, publicDir, mode: 'development' }),
        appType: 'custom',
        optimizeDeps: { entries: [explorerEntry] },
        // Its own pre-bundled dependencies (see the pages' in devVite.ts for why in the site's cache).
        cacheDir: path.join(root, '.sheaf-cache', 'vite-explorer'),
        // Its socket shares the page's port, as the pages' does (Vite tells the two apart by path: its base).
        server: { middlewareMode: true, hmr: { server }, watch: null, allowedHosts },
      })
    })()
    // A failed start is tried again by the next request.
    this.starting.catch(() => (this.starting = null))
    return this.starting
  }
}
