import { expect, test, type Page } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { fixtureDevServer } from './fixtureDevServer.ts'

/**
 * A body edit updates the open page in place (scroll position and component state kept), and
 * only pages whose data changed refetch it: another open page whose queries read nothing of the
 * edited body asks for nothing.
 */
test.describe.configure({ mode: 'serial' })

// A guide long enough to scroll.
const { siteDir, originalOf, openHydrated } = fixtureDevServer('dev-in-place', 5602, (dir) =>
  fs.writeFileSync(
    path.join(dir, 'content/docs/guide.md'),
    `${originalOf('content/docs/guide.md')}\n${Array.from({ length: 80 }, (_, index) => `Filler paragraph ${index}.`).join('\n\n')}\n`,
  ),
)
const guide = () => path.join(siteDir, 'content/docs/guide.md')

/**
 * Saves the guide at once (a new file renamed over it, as many editors save): a plain write
 * truncates first, and a rebuild that reads the empty file in between changes every page's
 * data for a moment, which is not what these counts are about.
 */
function saveGuide(text: string) {
  const temporary = path.join(siteDir, 'guide.md.tmp')
  fs.writeFileSync(temporary, text)
  fs.renameSync(temporary, guide())
}

/** Counts the page-data requests a page makes from now on. */
function countDataRequests(page: Page): () => number {
  let count = 0
  page.on('request', (request) => {
    if (request.url().includes('/_sheaf/data/')) count++
  })
  return () => count
}

test('a body edit keeps the scroll position and component state, and other pages ask for nothing', async ({
  page,
  context,
}) => {
  const other = await context.newPage()
  await openHydrated(other, '/docs/api')
  const otherRequests = countDataRequests(other)
  await openHydrated(page, '/docs/guide')
  await page.getByRole('button', { name: 'Clicked 0' }).click()
  await page.getByText('Filler paragraph 60.').scrollIntoViewIfNeeded()
  const scrolled = await page.evaluate(() => window.scrollY)
  expect(scrolled).toBeGreaterThan(300)
  const requests = countDataRequests(page)

  const text = fs.readFileSync(guide(), 'utf8')
  saveGuide(text.replace('Filler paragraph 40.', 'Edited filler paragraph 40.'))
  await expect(page.getByText('Edited filler paragraph 40.')).toBeAttached()
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
  await expect(page.getByRole('button', { name: 'Clicked 1' })).toBeAttached()
  expect(requests()).toBe(1)
  // The other page read the guide's title and path (its navigation), not its body.
  await other.waitForTimeout(1000)
  expect(otherRequests()).toBe(0)

  // A title edit is something it read: it refetches, and shows the new title.
  saveGuide(fs.readFileSync(guide(), 'utf8').replace('title: Guide', 'title: Guide renamed'))
  await expect(
    other.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Guide renamed' }),
  ).toBeVisible()
  expect(otherRequests()).toBe(1)
})
