import type { InlineConfig } from 'vite'
import { createViteConfig } from '../bundle/viteConfig.ts'

/** What the dev server's Vite config is made from: plain data, so a worker can make the same config (see depsOptimizerTask.ts). */
export interface DevViteParams {
  root: string
  base: string
  publicDir: string
  /** Modules Vite's dependency scan starts from (the client entry, the engine's client, the theme's modules). */
  entries: string[]
  cacheDir: string
}

/**
 * The dev server's Vite config, less its `server` options (the HTTP server and watcher, which
 * only the server itself has). Its pre-bundled dependencies are valid for any Vite made from the
 * same params: Vite keys them by the resolved config (root, resolve, plugins, optimizeDeps).
 */
export function devViteConfig(params: DevViteParams): InlineConfig {
  return {
    ...createViteConfig({ root: params.root, base: params.base, publicDir: params.publicDir, mode: 'development' }),
    appType: 'custom',
    // Scan the client entry at start-up, so dependencies are pre-bundled before the first
    // page asks for them (otherwise Vite reloads the page once it discovers them). The modules
    // the entry imports are entries too: it names them by absolute path, and Vite's scan takes
    // an import whose specifier is its own resolved path for an external one and does not
    // follow it (react-dom/client and hast-util-to-jsx-runtime were found by the page, which
    // then reloaded). (The explorer's GraphiQL has a Vite of its own: see explorerVite.ts.)
    optimizeDeps: { entries: params.entries },
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
    cacheDir: params.cacheDir,
  }
}
