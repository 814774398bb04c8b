import fs from 'node:fs'
import path from 'node:path'
import type { ViteDevServer } from 'vite'
import { defaultConfigFile } from '../config/loadConfig.ts'
import { watchTree, type TreeWatcher } from './watchTree.ts'

/** Theme modules hot-reload through Vite, whose watcher says when (see `followVite`). */
export const isThemeModule = (file: string) =>
  /\.(tsx?|css)$/.test(file) && file.includes(`${path.sep}theme${path.sep}`)

/** What a change reported by Vite's watcher does (see `followVite`). */
export interface ViteChangeHooks {
  /** Any module the theme's bundle may hold changed (its inputs are checked before it is bundled again). */
  themeInputChanged(): void
  /** A theme module changed: queries may have changed with it. */
  themeModuleChanged(): void
  sourceChanged(file: string): void
}

/**
 * The dev server's watchers of the site's sources. Content folders and the config's get a
 * watcher of their own (see watchTree.ts): Vite's only covers its root, and misses a quick second
 * write to the same file (a config fixed right after the error it caused stayed broken). Extra
 * events cost nothing: rebuilds are serialized, and repeats skipped. Started before Vite: a save
 * while Vite starts (the first page may be open) is kept, and delivered once there is a rebuild
 * queue to take it (see `deliverTo`).
 */
export class SourceWatchers {
  readonly configFile: string
  /**
   * The config's folder (its imports), unless that is the project's root, which holds
   * node_modules and the build output: then the config file alone.
   */
  readonly configWatched: string
  private readonly root: string
  private readonly watchers: TreeWatcher[]
  private readonly early = new Set<string>()
  private onChange: ((file: string) => void) | null = null

  constructor(root: string, configFileOption: string | undefined, contentDirs: readonly string[]) {
    this.root = root
    this.configFile = path.resolve(root, configFileOption ?? defaultConfigFile)
    const configDir = path.dirname(this.configFile)
    this.configWatched = configDir === path.resolve(root) ? this.configFile : configDir
    const changed = (file: string) => (this.onChange ? this.onChange(file) : void this.early.add(file))
    this.watchers = [...new Set([...contentDirs, this.configWatched])]
      .filter((dir) => fs.existsSync(dir))
      .map((dir) => {
        if (dir === this.configFile) return fs.watch(this.configFile, () => changed(this.configFile))
        // (One watch per folder, not Node's recursive watch of every file: see watchTree.ts.)
        return watchTree(dir, (file) => {
          if (!isThemeModule(file)) changed(file)
        })
      })
  }

  /** From now on changes go to `onChange`, after the ones seen so far. */
  deliverTo(onChange: (file: string) => void): void {
    this.onChange = onChange
    for (const file of this.early) onChange(file)
    this.early.clear()
  }

  /**
   * Vite's watcher reports the theme's modules, and the site's own folders besides: `site`, the
   * config's, `plugins` and the content folders (`contentDirs`, where the sources really are: a
   * files() plugin may read a folder outside the project).
   */
  followVite(vite: ViteDevServer, contentDirs: readonly string[], hooks: ViteChangeHooks): void {
    const watched = [path.join(this.root, 'site'), this.configWatched, path.join(this.root, 'plugins'), ...contentDirs]
    vite.watcher.on('all', (event, file) => {
      if (/\.(m?[jt]sx?|css|json)$/.test(file)) hooks.themeInputChanged()
      if (!watched.some((dir) => file.startsWith(dir))) return
      if (isThemeModule(file) && event === 'change') return hooks.themeModuleChanged()
      hooks.sourceChanged(file)
    })
  }

  close(): void {
    for (const watcher of this.watchers) watcher.close()
  }
}
