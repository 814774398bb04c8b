/**
 * The dev server's background pass: the full load that follows the cold start's outline (see
 * outlineSite.ts). It runs beside the rebuild queue, so a save meanwhile takes the quick path at
 * once instead of waiting for it; its result is then offered for a swap. A result whose load
 * began before a save is stale (it read the file before the save): it must not be swapped in as
 * it is, or the page would go back to what it showed before the save.
 */
export class BackgroundPass<T> {
  readonly started = performance.now()
  private readonly savedDuring = new Set<string>()
  private result: T | null = null
  private taken = false

  /** Starts `load`; `ready` is called with the pass once its result can be taken, `failed` with the error. */
  constructor(load: () => Promise<T>, ready: (pass: BackgroundPass<T>) => void, failed: (error: unknown) => void) {
    load().then((result) => {
      this.result = result
      ready(this)
    }, failed)
  }

  /** A file changed while the pass runs (or before its result is taken). */
  noteSave(file: string): void {
    if (!this.taken) this.savedDuring.add(file)
  }

  /** Takes the result (once): `stale` when a save came after the load began. */
  take(): { result: T | null; stale: boolean } {
    const result = this.taken ? null : this.result
    this.taken = true
    return { result, stale: this.savedDuring.size > 0 }
  }
}
