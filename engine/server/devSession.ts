import fs from 'node:fs'
import path from 'node:path'
import type { ViteDevServer } from 'vite'
import { writeClientEntry } from '../bundle/clientEntry.ts'
import type { ResolvedConfig } from '../config/types.ts'
import { toSiteData, withNotFoundRoutes } from '../pipeline/siteData.ts'
import { DevGenerations } from './devGenerations.ts'
import { routesOf, type DevState } from './devState.ts'
import type { DevTheme } from './devTheme.ts'

export interface DevServerOptions {
  configFile?: string
  port?: number
  /**
   * Host names the server answers for besides localhost and IP addresses (Vite's
   * `server.allowedHosts`: `.example.com` also allows its subdomains; `true` allows any).
   */
  allowedHosts?: string[] | true
}

/** The emitted files of a state are made this long after the last page, data or rebuild. */
const emitFilesDelayMs = 1000

/**
 * What the dev server's parts share, each with one owner: `state` is replaced only by the
 * rebuilder's swap (in a turn, see `inTurn`) and first set by the cold start; `vite` is set once
 * by the start when Vite is up; the client entry is written here. `config` is the config read at
 * the start (its base, port and public folder hold for the server's life); the current config is
 * `state.site.config`.
 */
export class DevSession {
  readonly root: string
  readonly options: DevServerOptions
  readonly config: ResolvedConfig
  readonly theme: DevTheme
  /**
   * Each state swapped in is a generation; a page asks, once its socket is open, what changed
   * since the one it was rendered from (a save during its load would otherwise be lost).
   */
  readonly generations = new DevGenerations()
  readonly viteCacheDir: string
  /** The route of Vite's cache folder (under the base): its pre-bundled dependencies are Vite's to serve. */
  readonly viteCacheRoute: string
  /** Resolves once the background pass (the full load) is swapped in, or has failed. */
  readonly backgroundSettled: Promise<void>
  state!: DevState
  vite: ViteDevServer | null = null
  /** The client entry's file, once written (see writeEntry). */
  entry = ''
  private turn: Promise<unknown> = Promise.resolve()
  private emitTimer: NodeJS.Timeout | undefined
  private settle: () => void = () => undefined

  constructor(root: string, options: DevServerOptions, config: ResolvedConfig, theme: DevTheme) {
    this.root = root
    this.options = options
    this.config = config
    this.theme = theme
    this.viteCacheDir = path.join(root, '.sheaf-cache', 'vite')
    this.viteCacheRoute = `/${path.relative(root, this.viteCacheDir).split(path.sep).join('/')}/`
    this.backgroundSettled = new Promise<void>((resolve) => (this.settle = resolve))
  }

  /** The background pass is over (swapped in, made needless by a save's full load, or failed). */
  backgroundDone(): void {
    this.settle()
  }

  /**
   * Renders and a rebuild's swap of state take turns: a render reads one state throughout (its
   * pages, its data and the generation it reports to the page).
   */
  inTurn<T>(task: () => Promise<T>): Promise<T> {
    const run = this.turn.then(task, task)
    this.turn = run.catch(() => undefined)
    return run
  }

  /**
   * The emitted files of a state are made a second after the last page, data or rebuild (or when
   * one is asked for): debounced, so a save's data request and the next save do not queue behind
   * a search index build (hundreds of milliseconds of the one thread on this site) for the save before.
   */
  emitFilesSoon(): void {
    clearTimeout(this.emitTimer)
    this.emitTimer = setTimeout(() => void this.state.files(), emitFilesDelayMs).unref()
  }

  /** Writes the client entry for the current state (also before Vite exists, for its dependency scan). */
  async writeEntry(first: boolean): Promise<string> {
    const before = first ? null : await fs.promises.readFile(this.entry, 'utf8').catch(() => null)
    const { site } = this.state
    const file = await writeClientEntry({
      root: this.root,
      site: withNotFoundRoutes(toSiteData(site.config), routesOf(this.state)),
      templates: site.config.theme.templates,
      layout: site.config.theme.layout,
      styles: site.config.theme.styles,
      clientModules: site.runner.clientModules(),
      siteComponents: site.config.theme.siteComponents,
      dev: true,
    })
    this.entry = file
    // Only when the entry changed (the config, the theme's files or the plugins' client modules):
    // the theme's modules are Vite's to invalidate when they change, and invalidating them all
    // after every save made the page's data request load the theme afresh (the largest part of
    // a save's way to the screen on this site, after the rebuild itself).
    const after = first ? null : await fs.promises.readFile(file, 'utf8').catch(() => null)
    if (!first && before !== after) this.vite?.moduleGraph.invalidateAll()
    return file
  }

  close(): void {
    clearTimeout(this.emitTimer)
    this.state?.bodies?.close()
  }
}
