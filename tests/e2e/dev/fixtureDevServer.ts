import { test, type Page } from '@playwright/test'
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { copyBasicFixture } from '../../copyBasicFixture.ts'
import { startDevServer } from '../startDevServer.ts'

const root = path.resolve(import.meta.dirname, '../../..')

/**
 * A spec's own copy of the basic fixture, served by `sheaf dev` for the spec's tests (hooks
 * registered here): inside the project, so its config still resolves `sheaf`, and the edits a
 * test makes touch no real fixture. `prepare` changes the copy before the server starts.
 */
export function fixtureDevServer(name: string, basePort: number, prepare?: (siteDir: string) => void) {
  const offset = Number(process.env.SHEAF_E2E_PORT_OFFSET ?? 0)
  const siteDir = path.join(root, `tests/fixtures/.tmp-${name}-${offset}`)
  const port = basePort + offset
  const url = (route: string) => `http://127.0.0.1:${port}/fixture${route}`
  let server: ChildProcess | undefined
  test.beforeAll(async () => {
    fs.rmSync(siteDir, { recursive: true, force: true })
    copyBasicFixture(siteDir)
    prepare?.(siteDir)
    server = await startDevServer(siteDir, port, async () => (await fetch(url('/docs/guide'))).ok)
  })
  test.afterAll(() => {
    server?.kill()
    fs.rmSync(siteDir, { recursive: true, force: true })
  })
  return {
    siteDir,
    url,
    /** The basic fixture's own text of a file (what a test restores). */
    originalOf: (relative: string) => fs.readFileSync(path.join(root, 'tests/fixtures/basic', relative), 'utf8'),
    /** Opens a route and waits until the client has hydrated it. */
    async openHydrated(page: Page, route: string) {
      await page.goto(url(route))
      await page.locator('html[data-sheaf-hydrated]').waitFor()
    },
  }
}
