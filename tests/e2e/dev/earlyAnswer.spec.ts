import { expect, test } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { copyBasicFixture } from '../../copyBasicFixture.ts'

/**
 * The dev server listens before anything else, holds each request until what it needs is ready
 * (never a 404 or an error page because it came early) and answers the first page, styled, before
 * Vite has started: its HTML, with the theme's stylesheet in it, comes from the engine, its
 * scripts from Vite once it is up, and the page hydrates without a warning.
 *
 * A plugin holds the outline (its first `sourceNodes`) for a second, so the requests below are
 * sure to come before the server is ready, however fast the machine.
 */
const root = path.resolve(import.meta.dirname, '../../..')
const offset = Number(process.env.SHEAF_E2E_PORT_OFFSET ?? 0)
const port = 5606 + offset
const siteDir = path.join(root, `tests/fixtures/.tmp-dev-early-${offset}`)
const url = (route: string) => `http://127.0.0.1:${port}/fixture${route}`

const holdOutline = `{
    name: 'hold-outline',
    async sourceNodes() {
      const calls = ((globalThis as { __holdCalls?: number }).__holdCalls ?? 0) + 1
      ;(globalThis as { __holdCalls?: number }).__holdCalls = calls
      if (calls === 1) await new Promise((resolve) => setTimeout(resolve, 1000))
    },
  }`

let server: ChildProcess | undefined
let output = ''

test.beforeAll(() => {
  fs.rmSync(siteDir, { recursive: true, force: true })
  copyBasicFixture(siteDir)
  const config = path.join(siteDir, 'site/config.ts')
  fs.writeFileSync(
    config,
    fs
      .readFileSync(config, 'utf8')
      .replace("plugins: [files({ dir: 'content' })]", `plugins: [files({ dir: 'content' }), ${holdOutline}]`),
  )
})

test.afterAll(() => {
  server?.kill()
  fs.rmSync(siteDir, { recursive: true, force: true })
})

/** Resolves once the port takes connections (a bare TCP connect, every 20 ms). */
async function portOpen(): Promise<void> {
  const deadline = Date.now() + 50_000
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`sheaf dev exited early:\n${output}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`sheaf dev never listened on ${port}:\n${output}`)
}

test(
  'a page asked for while the server starts is answered styled before Vite has started, ' +
    'its scripts once Vite is up, and it hydrates without a warning',
  async ({ page }) => {
    server = spawn(process.execPath, [path.join(root, 'bin/sheaf.js'), 'dev', '--port', String(port)], {
      cwd: siteDir,
      env: { ...process.env, SHEAF_DEV_TRACE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    await portOpen()
    // Vite's client, asked for before Vite exists: held, then answered by Vite (not a 404).
    const viteClient = fetch(url('/@vite/client'))
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })
    const response = await page.goto(url('/docs/guide'), { waitUntil: 'commit' })
    expect(response?.status()).toBe(200)
    await page.locator('html[data-sheaf-hydrated]').waitFor({ timeout: 30_000 })
    await expect(page.locator('body')).toHaveCSS('font-family', /system-ui/)
    await expect(page.getByRole('heading', { level: 1, name: 'Guide' })).toBeVisible()
    const client = await viteClient
    expect(client.status).toBe(200)
    expect(client.headers.get('content-type')).toContain('javascript')
    expect(problems).toEqual([])
    // The page was answered before Vite had started: the server's own timeline says so.
    const lines = output.split('\n')
    const answered = lines.findIndex((line) => /trace .*: \/docs\/guide: answered/.test(line))
    const viteStarted = lines.findIndex((line) => /trace .*: Vite started/.test(line))
    expect(answered).toBeGreaterThan(-1)
    expect(viteStarted).toBeGreaterThan(answered)
    // Its URL was printed once it listened, not once it was ready (the writer opens it sooner).
    const said = lines.findIndex((line) => /\[sheaf\] dev server at http:\/\/127\.0\.0\.1:\d+\/fixture\//.test(line))
    expect(said).toBeGreaterThan(-1)
    expect(said).toBeLessThan(answered)
    // Its stylesheet was in it (the same rules as Vite's, see plainStylesheet.ts), not asked of Vite.
    const html = (await response?.text()) ?? ''
    expect(html).toMatch(/<style data-sheaf-dev-styles="[^"]*\/site\/theme\/styles\.css">[^<]*system-ui/)
    expect(html).not.toContain('<link rel="stylesheet"')
  },
)
