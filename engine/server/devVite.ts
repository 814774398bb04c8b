import type http from 'node:http'
import type { ViteDevServer } from 'vite'
import { themeEntries } from '../render/themeImporter.ts'
import { contentFsDeny } from './contentFsDeny.ts'
import { clientStart } from './devPageRender.ts'
import type { DevSession } from './devSession.ts'
import { devStyleUrl } from './devStyles.ts'
import { plainStylesheet } from './plainStylesheet.ts'

/** What Vite's watcher leaves: outputs, caches, test results. */
const unwatched = ['build', '.sheaf', '.sheaf-cache', 'test-results', '.git', '.e2e-build-*'].map(
  (dir) => `**/${dir}/**`,
)

type ViteModules = [typeof import('vite'), typeof import('../bundle/viteConfig.ts')]

/**
 * Vite's modules, loaded from the next turn of the event loop: a page whose body and theme are
 * ready by now renders first (its steps are promise jobs, which run before). They load between
 * the first page's steps: this thread mostly waits for the page's body (on the body worker) and
 * theme (esbuild) meanwhile. (5 pairs at N=1,000: hydrated 0.3 s sooner, styled no later.)
 */
export function loadViteModules(): Promise<ViteModules> {
  const nextTurn = new Promise((resolve) => setImmediate(resolve))
  const modules = nextTurn.then(() => Promise.all([import('vite'), import('../bundle/viteConfig.ts')]))
  modules.catch(() => undefined)
  return modules
}

/** What Vite's server needs besides the session: the HTTP server (HMR shares its port) and what to scan and deny. */
export interface DevViteInputs {
  modules: Promise<ViteModules>
  server: http.Server
  /** The plugins' client modules (entries of the dependency scan). */
  clientModules: readonly string[]
  /** The folders content is read from: never served raw (see contentFsDeny.ts). */
  contentDirs: readonly string[]
}

/** Vite's dev server in middleware mode, for the session's site. */
export async function createDevVite(session: DevSession, inputs: DevViteInputs): Promise<ViteDevServer> {
  const { root, config, options } = session
  const [{ createServer }, { createViteConfig }] = await inputs.modules
  const vite = await createServer({
    ...createViteConfig({ root, base: config.base, publicDir: config.publicDir, mode: 'development' }),
    appType: 'custom',
    // Scan the client entry at start-up, so dependencies are pre-bundled before the first
    // page asks for them (otherwise Vite reloads the page once it discovers them). The modules
    // the entry imports are entries too: it names them by absolute path, and Vite's scan takes
    // an import whose specifier is its own resolved path for an external one and does not
    // follow it (react-dom/client and hast-util-to-jsx-runtime were found by the page, which
    // then reloaded). (The explorer's GraphiQL has a Vite of its own: see explorerVite.ts.)
    optimizeDeps: { entries: [session.entry, clientStart, ...inputs.clientModules, ...themeEntries(config.theme)] },
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
    cacheDir: session.viteCacheDir,
    // HMR shares the page's port, so one port serves everything.
    // Content is never served raw (see contentFsDeny.ts): only what a build would publish.
    server: {
      middlewareMode: true,
      hmr: { server: inputs.server },
      allowedHosts: options.allowedHosts,
      fs: { deny: contentFsDeny([...inputs.contentDirs], root) },
      watch: { ignored: unwatched },
    },
  })
  // The theme's stylesheets as a page's links ask for them (see devStyles.ts), transformed now,
  // while the outline is read and the first page's body transformed elsewhere: asked for with the
  // page, they came after its ~100 modules, which Vite transformed meanwhile (N=1,000 corpus: the
  // page was styled 1.1-2 s after its HTML, in a restart too). Vite answers the page's request
  // from this result (its module graph keeps it until the file changes).
  // (Only those a page links: a plain-CSS one is in the page itself.)
  for (const file of config.theme.styles) {
    if (plainStylesheet(file) === null) void vite.transformRequest(`${devStyleUrl(file)}?direct`).catch(() => undefined)
  }
  return vite
}
