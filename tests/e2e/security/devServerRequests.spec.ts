import { expect, test } from '@playwright/test'
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { copyBasicFixture } from '../../copyBasicFixture.ts'
import { startDevServer } from '../startDevServer.ts'

// The dev server answers only for its own host names, takes only JSON GraphQL posts and refuses
// queries that would block it (DNS rebinding and cross-site posts: issue 19).
const root = path.resolve(import.meta.dirname, '../../..')
// A copy inside the project (its config resolves `sheaf`), with a redirect: a file the server emits.
const siteDir = path.join(root, `tests/fixtures/.tmp-dev-security-${process.env.SHEAF_E2E_PORT_OFFSET ?? 0}`)
let server: ChildProcess
let port = 0

/** A free port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo
      probe.close(() => resolve(free))
    })
  })
}

interface Reply {
  status: number
  body: string
}

/** A raw request (fetch cannot set Host). */
function send(
  method: string,
  route: string,
  options: { host?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/fixture${route}`,
        headers: { host: options.host ?? `127.0.0.1:${port}`, ...options.headers },
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    request.on('error', reject)
    request.end(options.body)
  })
}

const graphql = (
  query: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
  host?: string,
) => send('POST', '/___graphql', { host, headers, body: JSON.stringify({ query }) })

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  fs.rmSync(siteDir, { recursive: true, force: true })
  copyBasicFixture(siteDir)
  const configFile = path.join(siteDir, 'site/config.ts')
  const config = fs
    .readFileSync(configFile, 'utf8')
    .replace(
      "plugins: [files({ dir: 'content' })]",
      "plugins: [files({ dir: 'content' }), redirects({ redirects: { '/old': '/docs/guide' } })]",
    )
  fs.writeFileSync(configFile, `import { redirects } from 'sheaf/plugins/redirects'\n${config}`)
  port = await freePort()
  server = await startDevServer(siteDir, port, async () => (await send('GET', '/docs/guide')).status === 200)
})

test.afterAll(() => {
  server?.kill()
  fs.rmSync(siteDir, { recursive: true, force: true })
})

test('every route answers its own host names and refuses others with 403', async () => {
  const routes = ['/docs/guide', '/_sheaf/data/docs/guide.json', '/___graphql', '/old.html', '/@vite/client']
  for (const route of routes) {
    expect((await send('GET', route)).status, `${route} on 127.0.0.1`).toBeLessThan(400)
    expect((await send('GET', route, { host: `localhost:${port}` })).status, `${route} on localhost`).toBeLessThan(400)
    for (const host of ['evil.example', `evil.example:${port}`, `localhost.evil.example:${port}`]) {
      const reply = await send('GET', route, { host })
      expect(reply.status, `${route} on ${host}`).toBe(403)
      expect(reply.body).not.toContain('Guide')
    }
  }
  // The not-found page too.
  expect((await send('GET', '/no-such-page')).status).toBe(404)
  expect((await send('GET', '/no-such-page', { host: 'evil.example' })).status).toBe(403)
  expect((await graphql('{ site { title } }', undefined, 'evil.example')).status).toBe(403)
})

test('POST /___graphql takes JSON only, within the limits', async () => {
  const ok = await graphql('{ site { title } }')
  expect(ok.status).toBe(200)
  expect(JSON.parse(ok.body)).toEqual({ data: { site: { title: 'Fixture Docs' } } })
  // A cross-site form post (no CORS preflight) cannot send application/json.
  expect((await graphql('{ site { title } }', { 'content-type': 'text/plain' })).status).toBe(415)
  expect((await graphql('{ site { title } }', {})).status).toBe(415)
  const aliases = await graphql(
    `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: allPage { nodes { path title body } }`).join(' ')} }`,
  )
  expect(aliases.status).toBe(400)
  // Refused by validation, before anything runs: the message names the limit (no timing here;
  // a shared CI machine made a 2 s bound flaky).
  expect(aliases.body).toMatch(/500 aliases/)
  const deep = await graphql(`{ allPage { nodes { ${'parent { '.repeat(20)}id${' }'.repeat(20)} } } }`)
  expect(deep.status).toBe(400)
  expect(deep.body).toMatch(/levels of nesting/)
  const big = await send('POST', '/___graphql', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ site { title } }${' '.repeat(200_000)}` }),
  })
  expect(big.status).toBe(413)
  // Still answering afterwards.
  expect((await graphql('{ site { title } }')).status).toBe(200)
})
