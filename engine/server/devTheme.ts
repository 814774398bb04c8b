import path from 'node:path'
import type { ResolvedConfig } from '../config/types.ts'
import { themeCacheDir } from '../incremental/cacheDirs.ts'
import { importTheme } from '../pipeline/importTheme.ts'
import type { LoadedTheme } from '../render/loadTheme.ts'
import { themeEntries, type ThemeImportPlan } from '../render/themeImporter.ts'
import { engineModuleDirs } from '../loading/siteModules.ts'
import { runInWorker } from '../workers/runInWorker.ts'
import { isThemeBundleFresh } from '../render/themeBundle.ts'
import { watchTree, type TreeWatcher } from './watchTree.ts'

/**
 * The theme's modules for the dev server's server render, imported as a build imports them: one
 * esbuild bundle of its layout, templates and the site's files they import (render/themeBundle.ts),
 * kept in node_modules/.cache/sheaf/theme (see themeCacheDir), with React and the engine's
 * runtime shared with the engine.
 *
 * Why not Vite's `ssrLoadModule`: it transforms and evaluates the theme one module at a time
 * (this theme: 79 modules) on the server's one thread, and its module runner starts Node's
 * module-hooks thread for `import.meta.resolve`: about 0.7 s of CPU before the first page,
 * against one esbuild run in its own process. The browser still gets the theme's modules from
 * Vite (hot reload and React Fast Refresh are unchanged); the server's copy is the bundle.
 *
 * A change to a source the server is told of (`invalidate`) makes the next render check the
 * bundle's inputs (size and mtime) and bundle again if one changed; a bundle is reused otherwise.
 * A theme that does not bundle fails each render with esbuild's located error until a change.
 */
export class DevTheme {
  private loading: { modules: string; theme: Promise<LoadedTheme> } | null = null
  /**
   * The last import, settled or not: the next waits for it (two bundles at once remove each other's folder, see
   * themeBundle.ts).
   */
  private last: Promise<unknown> = Promise.resolve()
  private imports = 0

  constructor(private readonly root: string) {}

  /**
   * The theme of this config (a rebuild's config may name other modules; the same ones are not
   * imported again). The first is bundled in a worker thread: esbuild runs in a process of its
   * own, but the plugin that keeps the engine's modules out of the bundle resolves every import
   * on the thread that started it, and at start-up this thread is busy reading the outline (the
   * first page waited 0.4 s for the theme after its body was ready, N=1,000 corpus).
   */
  get(config: ResolvedConfig): Promise<LoadedTheme> {
    const modules = JSON.stringify(config.theme)
    if (this.loading?.modules !== modules) {
      const themeDir = themeCacheDir(this.root, undefined)
      const bundled = this.imports++ === 0 && themeDir ? this.bundleInWorker(themePlan(config, themeDir)) : this.last
      const theme = bundled.then(() => importTheme(config, themeDir).theme)
      this.last = theme.catch(() => undefined)
      this.loading = { modules, theme }
    }
    return this.loading.theme
  }

  private async bundleInWorker(plan: ThemeImportPlan): Promise<void> {
    // A bundle kept from an earlier run whose inputs are unchanged (a stat each) is only imported.
    if (isThemeBundleFresh(plan)) return
    // Any failure is the import's to find and report (it bundles again).
    await runInWorker(new URL('./themeBundleTask.ts', import.meta.url), plan).catch(() => undefined)
  }

  /** A source changed: the next render imports the theme again (from the same bundle if none of its inputs changed). */
  invalidate(): void {
    this.loading = null
  }

  /**
   * Invalidates on every change in the folders of this config's layout and templates, even
   * outside the dev server's root (this repository's bench corpus uses the site's theme). Vite's
   * watcher reports the rest (other files a theme imports), but it reports one change per file
   * within 50 ms: a file saved twice that quickly (fixed right after a broken save) kept the
   * broken theme.
   */
  watch(config: ResolvedConfig): TreeWatcher {
    const root = path.resolve(this.root)
    // Not the project's folder or one above it (a theme whose modules lie at the top of the
    // project): that would watch node_modules. Vite's watcher covers the project.
    const folders = [...new Set(themeEntries(config.theme).map((file) => path.dirname(file)))].filter(
      (dir) => dir !== root && !root.startsWith(dir + path.sep),
    )
    const watchers = folders.map((dir) => watchTree(dir, () => this.invalidate()))
    return { close: () => watchers.forEach((watcher) => watcher.close()) }
  }
}

function themePlan(config: ResolvedConfig, cacheDir: string): ThemeImportPlan {
  return { entries: themeEntries(config.theme), cacheDir, engineDirs: engineModuleDirs(), root: config.root }
}
