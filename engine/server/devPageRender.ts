import type http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { pageStatics } from '../pipeline/staticQueries.ts'
import type { RegisteredPage } from '../pages/pageRegistry.ts'
import { queryPageData } from '../render/queryPageData.ts'
import type { RenderContext } from '../render/renderContext.ts'
import { renderDocument } from '../render/renderDocument.ts'
import { withBase } from '../shared/routes.ts'
import { devGenerationMeta } from '../shared/devUpdate.ts'
import type { PageData } from '../shared/types.ts'
import { devStyleTags } from './devStyles.ts'
import type { DevSession } from './devSession.ts'
import { siteDataOf } from './devState.ts'
import { plainStylesheet } from './plainStylesheet.ts'
import { traceStart } from './startTrace.ts'
import { viteShellTags } from './viteShell.ts'

/** The client runtime the entry starts (compiled: the .js beside this module's, see scripts/compile.mjs). */
export const clientStart = fileURLToPath(new URL('../client/start.tsx', import.meta.url))
/** Rounds of "query, then transform the bodies it read" for one page's data before its data is taken as it is. */
const bodyRounds = 3

/** A page rendered from the current state (in a turn), with Vite's tags, answered with `status`. */
export async function renderPage(
  session: DevSession,
  pathname: string,
  target: RegisteredPage,
  status: number,
  response: http.ServerResponse,
): Promise<void> {
  // The generation is the state's: both change only in a turn.
  const { html, generation } = await session.inTurn(async () => {
    // The page's data first: its body's transform goes on while the theme may still be loading.
    const data = await pageData(session, target)
    return { html: renderDocument(data, await renderContext(session)), generation: session.generations.generation }
  })
  traceStart(`${target.path}: rendered`)
  const transformed = await withViteTags(session, pathname, html, generation)
  traceStart(`${target.path}: answered`)
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(transformed)
}

/**
 * A page's data, from the cache or its queries. While the outline serves, the page's own body is
 * transformed first, and the bodies its queries read (an overview's pages, say) before they are
 * run again.
 */
export async function pageData(session: DevSession, page: RegisteredPage): Promise<PageData> {
  const { state } = session
  const cached = state.cache.get(page.path)
  if (cached) return cached.data
  const { bodies } = state
  // (The theme loads meanwhile: the first page's waited for the theme, then transformed its body.)
  const contextLoad = renderContext(session)
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

async function renderContext(session: DevSession): Promise<RenderContext> {
  const { state, config, root } = session
  const entryRoute = `/${path.relative(root, session.entry).split(path.sep).join('/')}`
  return {
    dataLayer: state.site.dataLayer,
    theme: await session.theme.get(state.site.config),
    siteData: siteDataOf(state),
    config: state.site.config,
    runner: state.site.runner,
    mode: 'develop',
    // Under the base, as every URL of the rendered page (see withViteTags).
    assets: { entry: withBase(entryRoute, config.base), css: [], templateChunks: {}, bundle: 'dev' },
    statics: pageStatics(state.statics),
  }
}

/**
 * A rendered page with the tags Vite injects (its client, React Refresh's preamble) at the start
 * of its head, where Vite puts them. Only a bare shell goes through Vite's HTML transform: it
 * prefixes the base to every root-relative asset URL, and the page's URLs carry it already (a
 * build needs them so), so the logo's `src` and the like came out with the base twice (a 404,
 * and a hydration warning). Also the generation of the state it was rendered from (see
 * devGenerations.ts).
 */
async function withViteTags(session: DevSession, pathname: string, html: string, generation: number): Promise<string> {
  const { vite, config } = session
  // Before Vite is up, the same tags (see viteShell.ts): they load once it is.
  const bare = '<!doctype html><html><head></head><body></body></html>'
  const shell = vite ? await vite.transformIndexHtml(pathname, bare) : null
  const early = viteShellTags(config.base)
  const head = shell === null ? early.head : (/<head>([\s\S]*)<\/head>/.exec(shell)?.[1] ?? '')
  const body = shell === null ? early.body : (/<body>([\s\S]*)<\/body>/.exec(shell)?.[1] ?? '')
  // The theme's stylesheets until the client entry has run (see devStyles.ts): in the page when
  // they are plain CSS (see plainStylesheet.ts: it paints styled with its HTML, without a request
  // that came while Vite started), linked otherwise.
  const styles = devStyleTags(session.state.site.config.theme.styles, config.base, plainStylesheet)
  const at = html.lastIndexOf('</body>')
  const withBody = at === -1 ? html : `${html.slice(0, at)}${body}${styles.body}${html.slice(at)}`
  const meta = `<meta name="${devGenerationMeta}" content="${generation}">`
  return withBody.replace('<head>', () => `<head>\n${meta}\n${head}${styles.head}\n`)
}
