import type { Server } from 'node:http'

/**
 * Stops a server a test started, at once: its open connections are closed first. `close()` alone
 * waits for every connection to end, and one the browser still held made a spec's afterAll hook
 * time out (60 s) under load. Resolves at once for a server that never started.
 */
export function closeServer(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!server?.listening) return resolve()
    server.closeAllConnections()
    server.close(() => resolve())
  })
}
