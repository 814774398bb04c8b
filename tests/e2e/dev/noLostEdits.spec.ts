import { expect, test, type Page } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { fixtureDevServer } from './fixtureDevServer.ts'

/**
 * Every save ends with the open page showing the file as it is on disk: a save made while the
 * page loads (before Vite's socket connects), saves made while a rebuild runs, a burst of
 * saves, and a new, renamed and deleted file.
 */
test.describe.configure({ mode: 'serial' })

const { siteDir, url, originalOf, openHydrated } = fixtureDevServer('dev-lost-edits', 5600)
const content = (file: string) => path.join(siteDir, 'content', file)

const guide = content('docs/guide.md')
const original = () => originalOf('content/docs/guide.md')
/** The guide with its tip's sentence replaced by `text`. */
const guideSaying = (text: string) => original().replace('Tests should resemble the way users use the app.', text)

test.afterEach(() => {
  fs.writeFileSync(guide, original())
})

/** Component state that a full reload would lose: the fixture's Doc template counts clicks. */
async function clickCounter(page: Page) {
  await page.getByRole('button', { name: 'Clicked 0' }).click()
  await expect(page.getByRole('button', { name: 'Clicked 1' })).toBeVisible()
}

/** Waits until the server's data for the guide says `text` (the rebuild for a save is done). */
async function untilServed(route: string, text: string) {
  await expect
    .poll(async () => (await fetch(url(`/_sheaf/data${route}.json`))).text(), { timeout: 15_000 })
    .toContain(text)
}

/** The page keeps showing `text` (a late, stale update would replace it). */
async function staysShowing(page: Page, text: string) {
  await expect(page.getByText(text)).toBeVisible()
  await page.waitForTimeout(1500)
  await expect(page.getByText(text)).toBeVisible()
}

test('a save while the page loads, before the HMR socket connects, is shown', async ({ page }) => {
  // Hold back Vite's client (the socket, and hydration that imports it) until the save is rebuilt.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let requested!: () => void
  const clientRequested = new Promise<void>((resolve) => (requested = resolve))
  await page.route('**/@vite/client', async (route) => {
    requested()
    await released
    await route.continue()
  })
  const loading = page.goto(url('/docs/guide'))
  await clientRequested
  // The HTML is in the browser, rendered from the file before this save.
  await expect(page.getByText('Tests should resemble')).toBeAttached()
  fs.writeFileSync(guide, guideSaying('Saved while loading.'))
  await untilServed('/docs/guide', 'Saved while loading.')
  release()
  await loading
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  await staysShowing(page, 'Saved while loading.')
})

test('a save while a previous rebuild runs is shown, and the page keeps its state', async ({ page }) => {
  await openHydrated(page, '/docs/guide')
  await clickCounter(page)
  fs.writeFileSync(guide, guideSaying('First save.'))
  // Well inside the first save's rebuild (a full prepare of the site).
  await page.waitForTimeout(60)
  fs.writeFileSync(guide, guideSaying('Second save.'))
  await staysShowing(page, 'Second save.')
  await expect(page.getByText('First save.')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Clicked 1' })).toBeVisible()
})

test('three saves within 50 ms end with the last one on screen', async ({ page }) => {
  await openHydrated(page, '/docs/guide')
  for (const [index, text] of ['Burst one.', 'Burst two.', 'Burst three.'].entries()) {
    if (index > 0) await new Promise((resolve) => setTimeout(resolve, 20))
    fs.writeFileSync(guide, guideSaying(text))
  }
  await staysShowing(page, 'Burst three.')
  await expect(page.getByText(/Burst (one|two)\./)).toHaveCount(0)
})

test('a new file, then its rename, then its deletion all show on the open pages', async ({ page }) => {
  const added = content('docs/extra.md')
  const moved = content('docs/moved.md')
  try {
    // New: the open page's navigation lists it, without a reload.
    await openHydrated(page, '/docs/guide')
    await clickCounter(page)
    fs.writeFileSync(added, '---\ntitle: Extra page\n---\n\n# Extra page\n\nExtra content.\n')
    const link = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Extra page' })
    await expect(link).toHaveAttribute('href', '/fixture/docs/extra')
    await expect(page.getByRole('button', { name: 'Clicked 1' })).toBeVisible()
    await link.click()
    await expect(page.getByText('Extra content.')).toBeVisible()

    // Renamed: the open page's route is gone (the 404 page), and the link points to the new one.
    fs.renameSync(added, moved)
    await expect(page.getByText('PAGE NOT FOUND')).toBeVisible()
    await expect(link).toHaveAttribute('href', '/fixture/docs/moved')
    await link.click()
    await expect(page.getByText('Extra content.')).toBeVisible()
    await expect(page).toHaveURL(url('/docs/moved'))

    // Deleted: the open page is the 404 page and no link is left.
    fs.rmSync(moved)
    await expect(page.getByText('PAGE NOT FOUND')).toBeVisible()
    await expect(link).toHaveCount(0)
    await page.reload()
    await expect(page.getByText('PAGE NOT FOUND')).toBeVisible()
  } finally {
    fs.rmSync(added, { force: true })
    fs.rmSync(moved, { force: true })
  }
})
