import { expect, test } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { fixtureDevServer } from './fixtureDevServer.ts'

/**
 * At a cold start the first page hydrates without waiting for the background pass (the full
 * load: every body transformed and checked). The page's modules, React's pre-bundle among them,
 * are Vite's to serve at once; the pre-bundle lives in the site's cache folder, and its requests
 * were once taken for emitted files, which wait for the full load: at N=1,000 the first page
 * stayed unstyled and inert for 10-40 s.
 *
 * Here a plugin holds the full load (its second `sourceNodes`, the first being the outline's)
 * for longer than the test runs, so the page can only hydrate from the outline's state.
 */
test.describe.configure({ mode: 'serial' })

const holdFullLoad = `{
    name: 'hold-full-load',
    // The outline sources first; the background pass's full load sources again, and waits here.
    async sourceNodes() {
      const calls = ((globalThis as { __holdCalls?: number }).__holdCalls ?? 0) + 1
      ;(globalThis as { __holdCalls?: number }).__holdCalls = calls
      if (calls > 1) await new Promise((resolve) => setTimeout(resolve, 120_000))
    },
  }`

const { url, siteDir } = fixtureDevServer('dev-cold-hydration', 5605, (dir) => {
  const config = path.join(dir, 'site/config.ts')
  const source = fs.readFileSync(config, 'utf8')
  fs.writeFileSync(
    config,
    source.replace("plugins: [files({ dir: 'content' })]", `plugins: [files({ dir: 'content' }), ${holdFullLoad}]`),
  )
})

test(
  'the first page paints styled and hydrates while the background pass is still running; ' +
    'its stylesheet goes once Vite has its styles',
  async ({ page }) => {
    const requests: string[] = []
    page.on('requestfinished', (request) => requests.push(new URL(request.url()).pathname))
    // (Not until `load`: that too waits for the page's modules.)
    await page.goto(url('/docs/guide'), { waitUntil: 'commit' })
    await page.locator('html[data-sheaf-hydrated]').waitFor({ timeout: 20_000 })
    // React came from Vite's pre-bundle in the site's cache folder.
    expect(requests.some((pathname) => /\/\.sheaf-cache\/vite\/deps\/react\.js$/.test(pathname))).toBe(true)
    // The theme's styles are applied (the fixture's stylesheet sets the body's font).
    await expect(page.locator('body')).toHaveCSS('font-family', /system-ui/)
    // The theme's stylesheet was in the HTML (the page painted styled, before its modules ran: a
    // plain-CSS one in a <style>, as Vite serves it), and it went once the client entry had run
    // (Vite's <style> has its rules).
    const html = await (await fetch(url('/docs/guide'))).text()
    const inlined = /<style data-sheaf-dev-styles="([^"]+)">([^<]*)<\/style>/.exec(html)
    expect(inlined?.[1]).toMatch(/\/site\/theme\/styles\.css$/)
    expect(inlined?.[2]).toContain('system-ui')
    await expect(page.locator('[data-sheaf-dev-styles]')).toHaveCount(0)
    // A rule removed by a save goes (a link left in place would have kept it).
    const stylesheet = path.join(siteDir, 'site/theme/styles.css')
    fs.writeFileSync(
      stylesheet,
      fs.readFileSync(stylesheet, 'utf8').replace('body { font-family: system-ui, sans-serif; }', ''),
    )
    await expect(page.locator('body')).not.toHaveCSS('font-family', /system-ui/)
    // The full load is still held: a file route (the emitted files are made from it) still waits.
    const emitted = await Promise.race([
      fetch(url('/not-emitted.txt')).then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 1000)),
    ])
    expect(emitted).toBe('waiting')
  },
)
