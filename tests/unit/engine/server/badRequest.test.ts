import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasMalformedPath } from '../../../../engine/server/badRequest.ts'
import { startStaticServer } from '../../../../engine/server/staticServer.ts'

// Issue 38: a path whose percent-escapes do not decode (`/%E0%A4%A`) made the dev server answer
// 500. It is the client's mistake: 400, from `sheaf dev` (tests/e2e/oddFileNames.spec.ts) and
// `sheaf preview` alike.

describe('a path that does not decode', () => {
  it('is told from one that does', () => {
    for (const bad of ['/%E0%A4%A', '/docs/%E0%A4%A', '/%', '/a%zz', '/%C0%80x', '/%ED%A0%80'])
      expect(hasMalformedPath(bad), bad).toBe(true)
    for (const good of ['/', '/docs/page', '/x%20y%2520z', '/%E0%A4%A4', '/a?q=%E0%A4%A', '/a#%zz'])
      expect(hasMalformedPath(good), good).toBe(false)
  })
})

describe('sheaf preview', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-bad-request-'))
  let server: http.Server
  let port = 0
  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, 'index.html'), '<p>home</p>')
    fs.writeFileSync(path.join(dir, '404.html'), '<p>not found</p>')
    server = await startStaticServer({ dir, base: '/base/', port: 0 })
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const status = (route: string) => fetch(`http://127.0.0.1:${port}${route}`).then((response) => response.status)

  it('answers 400 to a malformed escape, under the base or not, and still serves the site', async () => {
    expect(await status('/base/%E0%A4%A')).toBe(400)
    expect(await status('/base/docs/%E0%A4%A')).toBe(400)
    expect(await status('/%E0%A4%A')).toBe(400)
    expect(await status('/base/')).toBe(200)
    expect(await status('/base/missing')).toBe(404)
  })
})
