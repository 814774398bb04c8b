import fs from 'node:fs'
import http from 'node:http'

export interface RootNotFoundHostOptions {
  /** Where it listens (127.0.0.1). */
  port: number
  /** The port of the server that serves the site (tests/e2e/globalSetup.ts). */
  upstreamPort: number
  /** The build's root `404.html`. */
  notFoundFile: string
}

/**
 * A host like GitHub Pages in front of a built site: every file as the site's server sends it,
 * but every missing path gets the root `404.html` (status 404), whatever language it names.
 */
export function startRootNotFoundHost({
  port,
  upstreamPort,
  notFoundFile,
}: RootNotFoundHostOptions): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(`http://127.0.0.1:${upstreamPort}${request.url ?? '/'}`, {
        redirect: 'manual',
        headers: { 'accept-encoding': 'identity' },
      })
      if (upstream.status === 404) {
        response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
        response.end(fs.readFileSync(notFoundFile))
        return
      }
      const headers: Record<string, string> = {
        'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
      }
      const location = upstream.headers.get('location')
      if (location) headers.location = location
      response.writeHead(upstream.status, headers)
      response.end(Buffer.from(await upstream.arrayBuffer()))
    })().catch(() => {
      if (!response.headersSent) response.writeHead(502)
      response.end()
    })
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}
