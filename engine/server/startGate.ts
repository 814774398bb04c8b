import type http from 'node:http'
import { formatError } from '../errors.ts'

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>
/** Answers a request the server can answer before it is ready (true), or leaves it to be held (false). */
type EarlyHandler = (request: http.IncomingMessage, response: http.ServerResponse) => Promise<boolean>

/**
 * The dev server listens before it is ready (before Vite has started and the outline is read), so
 * the browser's request is in as soon as the port is open and its page is answered the moment it
 * can be. Until `ready`, a request goes to the early handler (the first page and its stylesheet,
 * see coldStart.ts), and anything that handler leaves is held, then answered by the full handler:
 * never a 404 or an error page because it came early. A start that fails answers what it held
 * with the start's error.
 */
export class StartGate {
  private handler: Handler | null = null
  private early: EarlyHandler | null = null
  private failure: { error: unknown } | null = null
  private readonly held: Array<() => void> = []

  /** The handler for requests before `ready` (requests held until now are offered to it). */
  answerEarly(early: EarlyHandler): void {
    this.early = early
    this.release()
  }

  /** The server is ready: held requests and every later one go to `handler`. */
  ready(handler: Handler): void {
    this.handler = handler
    this.release()
  }

  /** The start failed: held requests (and later ones) are answered with its error. */
  fail(error: unknown): void {
    this.failure = { error }
    this.release()
  }

  async dispatch(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    // A request that came before the early handler was set waits for it (the port is open before
    // the config, which that handler needs, is read).
    if (!this.handler && !this.failure && !this.early) await new Promise<void>((resolve) => this.held.push(resolve))
    try {
      if (!this.handler && !this.failure && this.early && (await this.early(request, response))) return
    } catch (error) {
      // The start failed while the early handler waited for it: answered below with its error.
      if (!this.failure) throw error
    }
    if (!this.handler && !this.failure) await new Promise<void>((resolve) => this.held.push(resolve))
    if (this.failure) {
      request.resume()
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(formatError(this.failure.error))
      return
    }
    await (this.handler as Handler)(request, response)
  }

  private release(): void {
    for (const resume of this.held.splice(0)) resume()
  }
}
