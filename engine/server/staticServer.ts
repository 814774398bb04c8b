import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { notFoundRoutes, stripBase } from '../shared/routes.ts'
import { refuseMalformedPath } from './badRequest.ts'
import { headersFileReader, headersForRoute } from './headersFile.ts'
import { listenError } from './listenError.ts'

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
  /** Extra headers on every response (e.g. a policy under test), after those of the folder's `_headers`. */
  headers?: Record<string, string>
}

/**
 * Serves a built site the way a plain static host with clean URLs does:
 * `/x` -> `x.html` or `x/index.html`; unknown paths get `404.html` with 404. The headers of the
 * folder's `_headers` file (the build's Content-Security-Policy) go with every response.
 *
 * Nothing outside the folder is ever served: a path is decoded once and refused when a segment
 * is `.` or `..` or it holds a backslash or NUL, and a file (or a symlink's target) must lie inside
 * the folder. A build may replace the folder at any moment: a file that vanishes between finding
 * and reading it gets the 404 page (or an ended response), never a crash.
 *
 * Why not sirv (3.0.2, tried): its production mode lists the folder once, so it never serves a
 * rebuild; its dev mode pipes a read stream with no error handler, so a file a build removes
 * between sirv's stat and its read throws in the process (the preview dies), and it does not
 * compress. The confinement, `_headers` and 404 handling above would stay ours either way.
 */
export function startStaticServer(options: StaticServerOptions): Promise<http.Server> {
  const root = path.resolve(options.dir)
  const headerRules = headersFileReader(root)
  const server = http.createServer((request, response) => {
    try {
      serve(request, response)
    } catch (error) {
      failResponse(response, error)
    }
  })

  function serve(request: http.IncomingMessage, response: http.ServerResponse): void {
    if (refuseMalformedPath(request, response)) return
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname === '/' && options.base !== '/') {
      response.writeHead(302, { location: options.base })
      response.end()
      return
    }
    const stripped = stripBase(url.pathname, options.base)
    const route = stripped === null ? null : confinedRoute(stripped)
    const headers = { ...headersForRoute(headerRules(), route ?? url.pathname), ...options.headers }
    const file = route === null ? null : findFile(root, route)
    if (!file) {
      sendNotFound(response, route, headers)
      return
    }
    const type = contentTypes[path.extname(file)] ?? 'application/octet-stream'
    const immutable = file.includes(`${path.sep}assets${path.sep}`)
    const cacheControl = immutable ? 'public, max-age=31536000, immutable' : 'no-cache'
    // Text is sent compressed when the client accepts it, as any real host does.
    if (compressibleRE.test(type) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      const body = readOrNull(() => gzipped(file))
      if (!body) return sendNotFound(response, route, headers)
      response.writeHead(200, {
        ...headers,
        'content-type': type,
        'cache-control': cacheControl,
        'content-encoding': 'gzip',
        vary: 'accept-encoding',
      })
      response.end(body)
      return
    }
    // The status goes out once the file is open: a file gone since findFile gets the 404 page.
    const stream = fs.createReadStream(file)
    response.once('close', () => stream.destroy())
    stream.once('error', (error: NodeJS.ErrnoException) => {
      if (!response.headersSent && error.code === 'ENOENT') sendNotFound(response, route, headers)
      else failResponse(response, error)
    })
    stream.once('open', () => {
      response.writeHead(200, { ...headers, 'content-type': type, 'cache-control': cacheControl })
      stream.pipe(response)
    })
  }

  /** The route's own 404 page (`/12.x/404`), else the site's, else a plain text. */
  function sendNotFound(response: http.ServerResponse, route: string | null, headers: Record<string, string>): void {
    const candidates = route === null ? ['/404'] : notFoundRoutes(route)
    const body = candidates
      .map((candidate) => findFile(root, `${candidate}.html`))
      .reduce<Buffer | null>((found, file) => found ?? (file ? readOrNull(() => fs.readFileSync(file)) : null), null)
    response.writeHead(404, { ...headers, 'content-type': contentTypes['.html'] })
    response.end(body ?? 'Not found')
  }

  const host = options.host ?? '127.0.0.1'
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(listenError(error, options.port, host)))
    server.listen(options.port, host, () => resolve(server))
  })
}

/** A 500 when nothing was sent yet; otherwise the response is cut off (the client sees a failed load). */
function failResponse(response: http.ServerResponse, error: unknown): void {
  if (response.headersSent) {
    response.destroy()
    return
  }
  response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
  response.end(`Internal error: ${error instanceof Error ? error.message : String(error)}`)
}

/** A file read that may lose a race with a build replacing the folder: null when the file is gone. */
function readOrNull<T>(read: () => T): T | null {
  try {
    return read()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR')
      return null
    throw error
  }
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

/**
 * The route decoded, or null when it could name anything outside the folder: a `.` or `..`
 * segment (after decoding, so `%2e%2e` and `..%2f` count), a backslash (a separator on Windows)
 * or a NUL, or an encoding that does not decode.
 */
export function confinedRoute(route: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(route)
  } catch {
    return null
  }
  if (/[\\\0]/.test(decoded)) return null
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return null
  return decoded
}

function findFile(root: string, route: string): string | null {
  const candidates = route.endsWith('/') ? [`${route}index.html`] : [route, `${route}.html`, `${route}/index.html`]
  for (const candidate of candidates) {
    const file = path.join(root, candidate)
    if (!isInside(root, file)) continue
    let stat: fs.Stats
    try {
      stat = fs.statSync(file)
    } catch {
      continue
    }
    if (!stat.isFile()) continue
    // A symlink inside the folder must not lead out of it.
    const real = readOrNull(() => fs.realpathSync(file))
    const realRoot = readOrNull(() => fs.realpathSync(root))
    if (real && realRoot && isInside(realRoot, real)) return file
  }
  return null
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file)
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative)
}
