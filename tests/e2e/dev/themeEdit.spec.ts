import { expect, test } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { fixtureDevServer } from './fixtureDevServer.ts'

/**
 * The dev server renders pages with a bundle of the theme (esbuild's, as a build does), not with
 * Vite's modules: a saved theme module must still reach both the open page (Vite's hot reload)
 * and the server's HTML for the next load, and a theme that does not compile must fail the
 * render with its file, then recover when fixed.
 */
test.describe.configure({ mode: 'serial' })

const { siteDir, url, originalOf, openHydrated } = fixtureDevServer('dev-theme-edit', 5604)
const doc = () => path.join(siteDir, 'site/theme/Doc.tsx')
const serverHtml = async () => {
  const response = await fetch(url('/docs/guide'))
  return `${response.status} ${await response.text()}`
}

test.afterEach(() => {
  fs.writeFileSync(doc(), originalOf('site/theme/Doc.tsx'))
})

test("a saved theme module reaches the open page and the server's next render", async ({ page }) => {
  expect(await serverHtml()).toContain('Clicked <!-- -->0')
  await openHydrated(page, '/docs/guide')
  fs.writeFileSync(doc(), originalOf('site/theme/Doc.tsx').replace('Clicked {count}', 'Pressed {count}'))
  await expect(page.getByRole('button', { name: 'Pressed 0' })).toBeVisible()
  // A new load is rendered by the server from the module as saved.
  await expect.poll(serverHtml, { timeout: 15_000 }).toContain('Pressed <!-- -->0')
  await page.reload()
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  await expect(page.getByRole('button', { name: 'Pressed 0' })).toBeVisible()
})

test('a theme module that does not compile fails the render with its file, until it is fixed', async () => {
  fs.writeFileSync(doc(), originalOf('site/theme/Doc.tsx').replace('Clicked {count}', 'Clicked {count'))
  await expect.poll(serverHtml, { timeout: 15_000 }).toMatch(/^500 [\s\S]*Doc\.tsx/)
  fs.writeFileSync(doc(), originalOf('site/theme/Doc.tsx'))
  await expect.poll(serverHtml, { timeout: 15_000 }).toMatch(/^200 [\s\S]*Clicked <!-- -->0/)
})
