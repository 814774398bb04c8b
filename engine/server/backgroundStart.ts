import { BackgroundPass } from './backgroundPass.ts'
import type { DevState } from './devState.ts'
import { RequestActivity } from './requestActivity.ts'
import { traceStart } from './startTrace.ts'

/**
 * When no page is asked for this long after the server is ready, the background pass starts
 * anyway (its checks report in the terminal).
 */
const backgroundFallbackMs = 3000
/**
 * After a page is served, the background pass waits this long for the page's client to load and
 * connect (it starts as soon as one connects): its transform holds this thread for stretches,
 * and the page's modules, which Vite serves from it, would wait for them.
 */
export const clientLoadGraceMs = 2000
/**
 * After that grace, the pass also waits until Vite's requests (the page's modules) have been
 * quiet this long (see requestActivity.ts), for at most `clientLoadCapMs` after the page.
 */
const viteQuietMs = 500
const clientLoadCapMs = 15_000

export interface BackgroundHooks {
  /** Whether the outline still serves (a save's full load may have replaced it already). */
  isOutline(): boolean
  load(): Promise<DevState>
  /** The result can be taken (see `take`): schedule its swap. */
  ready(): void
  failed(error: unknown): void
  /** Nothing is left for the pass to do. */
  done(): void
}

/**
 * When the background pass (the full load after the cold start, see backgroundPass.ts) starts:
 * once the first page is served and its client has loaded (or connected), or after a fallback
 * when no page is asked for. The one owner of its timer and of the pass while it runs.
 */
export class BackgroundStart {
  /** Vite's requests (the page's modules), whose quiet the pass waits for. */
  readonly requests = new RequestActivity()
  private pass: BackgroundPass<DevState> | null = null
  private started = false
  private timer: NodeJS.Timeout
  private readonly hooks: BackgroundHooks

  constructor(hooks: BackgroundHooks) {
    this.hooks = hooks
    this.timer = setTimeout(() => this.start(), backgroundFallbackMs).unref()
  }

  /** Whether a pass runs (its result not taken yet): a save's swap then waits for it. */
  get running(): boolean {
    return this.pass !== null
  }

  /** Starts the pass now, unless it has started. */
  start(): void {
    if (this.started) return
    this.started = true
    traceStart('background pass started')
    if (!this.hooks.isOutline()) return this.hooks.done()
    this.pass = new BackgroundPass(
      () => this.hooks.load(),
      () => this.hooks.ready(),
      (error: unknown) => {
        this.pass = null
        this.hooks.failed(error)
      },
    )
  }

  /** A page is being answered: the pass waits for it, not for the fallback. */
  hold(): void {
    clearTimeout(this.timer)
  }

  /** Starts the pass `ms` from now, once Vite's requests are quiet (at most `clientLoadCapMs` from now). */
  startIn(ms: number): void {
    clearTimeout(this.timer)
    if (this.started) return
    const deadline = performance.now() + clientLoadCapMs
    this.timer = setTimeout(() => this.startWhenQuiet(deadline), ms).unref()
  }

  noteSave(file: string): void {
    this.pass?.noteSave(file)
  }

  /** Takes the pass's result for a swap (once); null when there is no pass. */
  take(): { result: DevState | null; stale: boolean; started: number } | null {
    const pass = this.pass
    this.pass = null
    return pass ? { ...pass.take(), started: pass.started } : null
  }

  close(): void {
    clearTimeout(this.timer)
  }

  private startWhenQuiet(deadline: number): void {
    const wait = this.requests.quietIn(viteQuietMs)
    if (wait === 0 || performance.now() >= deadline) this.start()
    else this.timer = setTimeout(() => this.startWhenQuiet(deadline), wait).unref()
  }
}
