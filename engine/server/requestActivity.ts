/**
 * Whether the requests of one kind (the dev server's: Vite's modules) have gone quiet: none in
 * flight, and none ended for a while. The dev server's background pass waits for it after the
 * first page, as well as for the page's client to connect.
 *
 * Why: the pass holds the server's one thread for stretches, and Vite serves a page's modules
 * from that thread. It started a fixed 2 s after the page was served, and on a loaded machine a
 * cold start's page had not loaded its ~100 modules by then: the rest came between the pass's
 * stretches, and the page hydrated seconds later.
 */
export class RequestActivity {
  private inFlight = 0
  private lastEnded = Number.NEGATIVE_INFINITY

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Counts a request until its response is closed (sent, or the client went away). */
  track(response: { once(event: 'close', listener: () => void): unknown }): void {
    this.inFlight++
    response.once('close', () => {
      this.inFlight--
      this.lastEnded = this.now()
    })
  }

  /** Milliseconds until these requests will have been quiet for `quietMs` (0: they have been). */
  quietIn(quietMs: number): number {
    if (this.inFlight > 0) return quietMs
    return Math.max(0, this.lastEnded + quietMs - this.now())
  }
}
