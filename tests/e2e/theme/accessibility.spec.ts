import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { desktop, expect, mobile, open, rntl, test } from './fixtures.ts'

/**
 * The serious and critical violations axe finds on the page as it is now.
 * Legacy mode runs axe.run() in the page itself: the default mode adds a runPartial per frame and a
 * finishRun in a new blank page, which tripled the time on a long doc page (7 s against 2 s) and
 * only matters for cross-origin iframes, which these pages have none of (the test checks).
 * resultTypes keeps every violation node but only one node per passing rule, so the results that
 * cross back from the browser are small.
 */
async function seriousViolations(page: Page) {
  expect(await page.locator('iframe').count(), 'legacy mode does not look inside cross-origin iframes').toBe(0)
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ')}`),
    }))
}

const pages = [
  { name: 'home', route: '/', status: 200 },
  { name: 'doc page', route: '/docs/api/jest-matchers', status: 200 },
  { name: 'quick start (tabs, containers)', route: '/docs/start/quick-start', status: 200 },
  { name: 'overview page', route: '/docs/api', status: 200 },
  { name: '404 page', route: '/docs/no-such-page', status: 404 },
]

/** Waits until finite animations and transitions have run, so the colours axe reads are final. */
async function settleAnimations(page: Page) {
  // No fixed wait: a finite animation is awaited; an endless one, such as a spinner, cannot change the colours axe
  // reads.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/** Checks the page in the color scheme the browser now reports, once the theme shows it. */
async function expectNoSeriousViolations(page: Page, scheme: 'light' | 'dark') {
  if (scheme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  await settleAnimations(page)
  expect(await seriousViolations(page), `${scheme} scheme`).toEqual([])
}

// Each page in each viewport is loaded once and checked in both color schemes: the theme follows
// the system's scheme live (ThemeToggle listens to prefers-color-scheme), so the second scheme
// needs no second load. The first scheme alternates (light on desktop, dark on a phone), so both
// first paints, the inline init script's, are checked for every page too.
for (const [viewportName, viewport, first, second] of [
  ['desktop', desktop, 'light', 'dark'],
  ['mobile', mobile, 'dark', 'light'],
] as const) {
  test.describe(`axe (${viewportName})`, () => {
    test.use({ viewport, colorScheme: first })
    // Each page is independent: let both workers take them, rather than one worker the whole file.
    test.describe.configure({ mode: 'parallel' })

    for (const { name, route, status } of pages) {
      test(`${name} has no serious or critical violations, ${first} then ${second}`, async ({ page, allowConsole }) => {
        if (status === 404) allowConsole(/status of 404 .*\/docs\/no-such-page\)$/)
        const response = await page.goto(rntl(route))
        expect(response?.status()).toBe(status)
        await page.locator('html[data-sheaf-hydrated]').waitFor()
        await expectNoSeriousViolations(page, first)
        await page.emulateMedia({ colorScheme: second })
        await expectNoSeriousViolations(page, second)
      })
    }
  })
}

test.describe('keyboard and landmarks', () => {
  test.use({ viewport: desktop })

  // One load of the page for what it shows before a key is pressed (landmarks, the search button's
  // name: read only), then the skip link, which must be the first stop of a fresh page.
  test('a doc page has its landmarks once, a search button named by its text, and a skip link as the first stop', async ({
    page,
  }) => {
    await open(page, '/docs/api/render')
    await test.step('the page has its landmarks, each once', async () => {
      await expect(page.getByRole('banner')).toHaveCount(1)
      await expect(page.getByRole('main')).toHaveCount(1)
      await expect(page.getByRole('contentinfo')).toHaveCount(1)
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1)
      await expect(page.getByRole('navigation', { name: 'Pages', exact: true })).toHaveCount(1)
      await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(1)
      await expect(page.getByRole('complementary', { name: 'Contents' })).toHaveCount(1)
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveCount(1)
      await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    })

    await test.step('the search button is named by the text it shows', async () => {
      const search = page.getByRole('banner').getByRole('button', { name: 'Search Docs', exact: true })
      await expect(search).toBeVisible()
      await expect(search).toContainText('Search Docs')
      await expect(search).toHaveAttribute('aria-keyshortcuts', /Control\+K/)
    })

    await test.step('the skip link is the first stop and moves focus to the main content', async () => {
      // Nothing has taken focus yet: the next Tab is the page's first.
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
      const skip = page.getByRole('link', { name: 'Skip to content' })
      await expect(skip).not.toBeInViewport()
      await page.keyboard.press('Tab')
      await expect(skip).toBeFocused()
      await expect(skip).toBeInViewport()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('main')).toBeFocused()
      // The next Tab goes on inside the main content, past the navbar.
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)
    })
  })

  test('on a phone the icon-only search button keeps its name', async ({ page }) => {
    await page.setViewportSize(mobile)
    await open(page, '/docs/api/render')
    const search = page.getByRole('banner').getByRole('button', { name: 'Search Docs', exact: true })
    await expect(search).toBeVisible()
    expect((await search.boundingBox())?.width ?? 999).toBeLessThan(60)
  })
})
