import type { ViteDevServer, WebSocketClient } from 'vite'
import { errorPayload } from './errorOverlay.ts'

/**
 * Vite's error overlay as the dev server uses it: a rebuild's error (or a plugin's while emitting
 * its files) shows in it as Vite shows its own, and the next good rebuild clears it without a
 * reload. The one owner of "is the site failing now".
 */
export class DevOverlay {
  private lastError: unknown = null
  private shown = false
  private readonly vite: ViteDevServer
  private readonly root: string

  constructor(vite: ViteDevServer, root: string) {
    this.vite = vite
    this.root = root
  }

  /** Whether the last rebuild (or the background pass) failed and no rebuild has succeeded since. */
  get failing(): boolean {
    return this.lastError !== null
  }

  show(error: unknown): void {
    this.lastError = error
    this.shown = true
    this.vite.ws.send({ type: 'error', err: errorPayload(error, this.root) })
  }

  /** A rebuild succeeded: an (empty) update clears the overlay without a reload. */
  clear(): void {
    if (this.lastError) this.vite.ws.send({ type: 'update', updates: [] })
    this.lastError = null
  }

  /**
   * The overlay as things are now, for a page that has just connected. Vite keeps an error sent
   * while no page was connected for the next one that connects, even once fixed (a page that
   * connected late kept an overlay no update would clear); and a page opened during an error
   * would not see it.
   */
  greet(client: WebSocketClient): void {
    if (this.lastError) client.send({ type: 'error', err: errorPayload(this.lastError, this.root) })
    else if (this.shown) client.send({ type: 'update', updates: [] })
  }
}
