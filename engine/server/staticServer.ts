import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { notFoundRoutes, stripBase } from '../shared/routes.ts'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
}

export interface StaticServerOptions {
  dir: string
  base: string
  host?: string
  port: number
  /** Extra headers on every response (e.g. a Content-Security-Policy in tests). */
  headers?: Record<string, string>
}

/**
 * Serves a built site the way a plain static host with clean URLs does:
 * `/x` -> `x.html` or `x/index.html`; unknown paths get `404.html` with 404.
 */
export function startStaticServer(options: StaticServerOptions): Promise<http.Server> {
  const root = path.resolve(options.dir)
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname === '/' && options.base !== '/') {
      response.writeHead(302, { location: options.base })
      response.end()
      return
    }
    const route = stripBase(url.pathname, options.base)
    const file = route === null ? null : findFile(root, route)
    const headers = { ...options.headers }
    if (!file) {
      const notFound = (route === null ? ['/404'] : notFoundRoutes(route)).map((candidate) => path.join(root, `${candidate.slice(1)}.html`)).find((candidate) => fs.existsSync(candidate)) ?? path.join(root, '404.html')
      response.writeHead(404, { ...headers, 'content-type': contentTypes['.html'] })
      response.end(fs.existsSync(notFound) ? fs.readFileSync(notFound) : 'Not found')
      return
    }
    const type = contentTypes[path.extname(file)] ?? 'application/octet-stream'
    const immutable = file.includes(`${path.sep}assets${path.sep}`)
    const cacheControl = immutable ? 'public, max-age=31536000, immutable' : 'no-cache'
    // Text is sent compressed when the client accepts it, as any real host does.
    if (compressibleRE.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      response.writeHead(200, { ...headers, 'content-type': type, 'cache-control': cacheControl, 'content-encoding': 'gzip', vary: 'accept-encoding' })
      response.end(gzipped(file))
      return
    }
    response.writeHead(200, { ...headers, 'content-type': type, 'cache-control': cacheControl })
    fs.createReadStream(file).pipe(response)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve(server))
  })
}

const compressibleRE = /^(text\/|application\/(json|xml|javascript|manifest)|image\/svg)/

const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>()

function gzipped(file: string): Buffer {
  const { mtimeMs } = fs.statSync(file)
  const cached = gzipCache.get(file)
  if (cached && cached.mtimeMs === mtimeMs) return cached.body
  const body = gzipSync(fs.readFileSync(file))
  gzipCache.set(file, { mtimeMs, body })
  return body
}

function findFile(root: string, route: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(route)
  } catch {
    return null
  }
  const candidates = decoded.endsWith('/') ? [`${decoded}index.html`] : [decoded, `${decoded}.html`, `${decoded}/index.html`]
  for (const candidate of candidates) {
    const file = path.join(root, candidate)
    // Never serve outside the output folder.
    if (!file.startsWith(root + path.sep) && file !== root) continue
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file
  }
  return null
}
