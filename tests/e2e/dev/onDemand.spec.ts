import { expect, test } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { fixtureDevServer } from './fixtureDevServer.ts'

/**
 * The dev server's cold start transforms on demand: pages are served from the outline (routes,
 * titles and sidebars from front-matter and file names) with their own bodies transformed when
 * asked for, before the full load has run; the full load's checks (here: a dead link in another
 * page, which fails it) still reach the overlay, and clear on the next good save.
 */
test.describe.configure({ mode: 'serial' })

const deadLink = '\nSee [the missing page](./missing.md).\n'
// The dead link is there before the server starts: a server that loaded every page before
// serving the first (as it did) never serves one.
const { siteDir, url, originalOf, openHydrated } = fixtureDevServer('dev-on-demand', 5603, (dir) =>
  fs.appendFileSync(path.join(dir, 'content/docs/api.md'), deadLink),
)
const api = path.join(siteDir, 'content/docs/api.md')

test('serves pages before the full load, whose dead-link error then shows in the overlay, and clears when fixed', async ({
  page,
}) => {
  // The page's body, transformed for its request: its text, its links resolved to routes.
  const html = await (await fetch(url('/docs/guide'))).text()
  expect(html).toContain('Tests should resemble the way users use the app.')
  expect(html).toContain('href="/fixture/docs/api#options"')
  // Another page's data (a client navigation's request): transformed on demand as well.
  const data = await (await fetch(url('/_sheaf/data/docs/api.json'))).text()
  expect(data).toContain('Back to the')

  await openHydrated(page, '/docs/guide')
  const overlay = page.locator('vite-error-overlay')
  await expect(overlay).toHaveCount(1)
  await expect(overlay).toContainText('missing.md')
  await expect(overlay.locator('.file')).toContainText(
    `content/docs/api.md:${originalOf('content/docs/api.md').split('\n').length + 1}`,
  )

  fs.writeFileSync(api, originalOf('content/docs/api.md'))
  await expect(overlay).toHaveCount(0)
  // The server goes on from the full load: a save still reaches the open page.
  fs.writeFileSync(
    path.join(siteDir, 'content/docs/guide.md'),
    originalOf('content/docs/guide.md').replace(
      'Tests should resemble the way users use the app.',
      'After the background pass.',
    ),
  )
  await expect(page.getByText('After the background pass.')).toBeVisible()
})
