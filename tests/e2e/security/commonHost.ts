import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { headersForRoute, parseHeadersFile } from '../../../engine/server/headersFile.ts'

/**
 * A static host as the common ones serve a folder (Netlify, Cloudflare Pages, GitHub Pages): every
 * file by its extension's type, so `.html`, `.htm`, `.xhtml` and `.svg` open as documents and `.js`
 * runs as script, with the folder's `_headers` rules sent as those hosts send them. Unlike
 * `sheaf preview` it knows the types the preview leaves to `application/octet-stream`: the test is
 * of what a contributor's file would do on a real host (issue 38). 127.0.0.1 only.
 */
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.xhtml': 'application/xhtml+xml',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

export function startCommonHost(dir: string, base: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname)
    const route = pathname.startsWith(base) ? `/${pathname.slice(base.length)}` : null
    const rules = parseHeadersFile(readOrEmpty(path.join(dir, '_headers')))
    const headers = route === null ? {} : headersForRoute(rules, route)
    const file =
      route === null || route.split('/').includes('..')
        ? null
        : [route, `${route}.html`, `${route.replace(/\/$/, '')}/index.html`]
            .map((candidate) => path.join(dir, candidate))
            .find(isFile)
    if (!file) {
      response.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('Not found')
      return
    }
    response.writeHead(200, { ...headers, 'content-type': types[path.extname(file)] ?? 'application/octet-stream' })
    response.end(fs.readFileSync(file))
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) })
    })
  })
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile()
  } catch {
    return false
  }
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
