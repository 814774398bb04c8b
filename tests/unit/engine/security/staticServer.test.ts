import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { defaultCspDirectives, headersFile } from '../../../../engine/render/contentSecurityPolicy.ts'
import { startStaticServer } from '../../../../engine/server/staticServer.ts'

// <tmp>/parent/404.html and secret.txt lie beside the served folder <tmp>/parent/out: never served.
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-static-'))
const out = path.join(parent, 'out')
const base = '/base/'
let server: http.Server
let port = 0

function writeSite(dir: string, marker: string): void {
  fs.mkdirSync(path.join(dir, 'docs'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'index.html'), `<p>home ${marker}</p>`)
  fs.writeFileSync(path.join(dir, 'docs/page.html'), `<p>page ${marker}</p>`)
  fs.writeFileSync(path.join(dir, '404.html'), `<p>site 404 ${marker}</p>`)
  fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(64 * 1024, 7))
  fs.writeFileSync(
    path.join(dir, '_headers'),
    `/*\n  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-${marker}'\n`,
  )
}

beforeAll(async () => {
  fs.writeFileSync(path.join(parent, '404.html'), 'PARENT 404')
  fs.writeFileSync(path.join(parent, 'secret.txt'), 'PARENT SECRET')
  writeSite(out, 'one')
  fs.symlinkSync(path.join(parent, 'secret.txt'), path.join(out, 'leak.txt'))
  server = await startStaticServer({ dir: out, base, port: 0 })
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  fs.rmSync(parent, { recursive: true, force: true })
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** A raw request (the path is sent as written: no client-side normalization of `..`). */
function get(
  rawPath: string,
  headers: http.OutgoingHttpHeaders = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: rawPath, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('latin1'),
        }),
      )
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}

describe('sheaf preview serves only the folder it was given', () => {
  it.each([
    '/base/..%2fx',
    '/base/..%2f404',
    '/base/..%2F404.html',
    '/base/%2e%2e/404',
    '/base/%2e%2e%2f404.html',
    '/base/docs/..%2f..%2f404',
    '/base/..%5c404.html',
    '/base/..%5csecret.txt',
    '/base/%2e%2e%2fsecret.txt',
    '/base/docs/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/base/secret.txt%00.html',
    '/base/..%2fsecret.txt',
    '/base/leak.txt',
  ])('%s gets the site 404, nothing from outside', async (rawPath) => {
    const response = await get(rawPath)
    expect(response.status).toBe(404)
    expect(response.body).not.toContain('PARENT')
    expect(response.body).toContain('site 404')
  })

  it('still serves pages, clean URLs and files with encoded names', async () => {
    expect((await get('/base/docs/page')).body).toContain('page one')
    expect((await get('/base/')).body).toContain('home one')
    fs.writeFileSync(path.join(out, 'a b.txt'), 'spaced')
    expect((await get('/base/a%20b.txt')).body).toBe('spaced')
  })
})

describe("sheaf preview sends the build's _headers", () => {
  it('on pages, files and 404s, and reads the file again after a rebuild', async () => {
    for (const rawPath of ['/base/docs/page', '/base/logo.png', '/base/nope']) {
      expect((await get(rawPath)).headers['content-security-policy'], rawPath).toBe(
        "default-src 'self'; script-src 'self' 'sha256-one'",
      )
    }
    expect((await get('/base/docs/page', { 'accept-encoding': 'gzip' })).headers['content-security-policy']).toContain(
      'sha256-one',
    )
    fs.writeFileSync(
      path.join(out, '_headers'),
      "/docs/*\n  Content-Security-Policy: default-src 'none'\n/*\n  X-Frame-Options: DENY\n",
    )
    const page = await get('/base/docs/page')
    expect(page.headers['content-security-policy']).toBe("default-src 'none'")
    expect(page.headers['x-frame-options']).toBe('DENY')
    expect((await get('/base/')).headers['content-security-policy']).toBeUndefined()
    writeSite(out, 'one')
  })
})

describe('sheaf preview sends the SVG policy the build writes (issue 38)', () => {
  it('an SVG gets a policy that runs no script; a page gets the site policy and the asset-only one', async () => {
    fs.writeFileSync(path.join(out, 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    fs.writeFileSync(
      path.join(out, '_headers'),
      headersFile(defaultCspDirectives, [], () => '', { assetsPath: '/base/assets/' }),
    )
    const svg = await get('/base/drawing.svg')
    expect(svg.headers['content-type']).toBe('image/svg+xml')
    expect(svg.headers['content-security-policy']).toMatch(
      /, default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self'; sandbox$/,
    )
    const page = await get('/base/docs/page')
    expect(page.headers['content-security-policy']).toMatch(
      /^default-src 'self'; script-src 'self';.*, script-src \*:\*\/base\/assets\/; worker-src \*:\*\/base\/assets\/$/,
    )
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    writeSite(out, 'one')
  })
})

describe('sheaf preview survives a build replacing its folder', () => {
  it('answers 404 (not a crash) when a file vanishes between finding and reading it', async () => {
    vi.spyOn(fs, 'createReadStream').mockImplementation(() => {
      const stream = new Readable({ read() {} })
      queueMicrotask(() =>
        stream.destroy(
          Object.assign(new Error("ENOENT: no such file or directory, open 'logo.png'"), { code: 'ENOENT' }),
        ),
      )
      return stream as unknown as fs.ReadStream
    })
    const response = await get('/base/logo.png')
    expect(response.status).toBe(404)
    expect(response.body).toContain('site 404')
    vi.restoreAllMocks()
    expect((await get('/base/docs/page')).status).toBe(200)
  })

  it('keeps serving while the folder is swapped many times under it', async () => {
    const swap = path.join(parent, 'swap')
    const old = path.join(parent, 'old')
    const requests: Promise<{ status: number }>[] = []
    for (let round = 0; round < 40; round++) {
      writeSite(swap, `round-${round}`)
      for (const rawPath of ['/base/logo.png', '/base/docs/page', '/base/']) requests.push(get(rawPath))
      fs.renameSync(out, old)
      fs.renameSync(swap, out)
      fs.rmSync(old, { recursive: true, force: true })
      await new Promise((resolve) => setImmediate(resolve))
    }
    const statuses = (await Promise.all(requests)).map((response) => response.status)
    expect(statuses.every((status) => status === 200 || status === 404)).toBe(true)
    expect((await get('/base/docs/page')).body).toContain('page round-39')
  })
})
