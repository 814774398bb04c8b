import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { siteUrl, type SiteName } from '../sites.ts'

/** The analytics loader asks the host for this script; the local static server does not have it. */
const expectedMissing = /\/_vercel\/insights\/script\.js/

interface ConsoleErrors {
  /** Every console error and uncaught page error seen so far (the insights 404 left out). */
  readonly messages: string[]
  /** Takes the messages matching `pattern` out of the list (they were expected) and returns them. */
  take(pattern: RegExp): string[]
}

/**
 * Playwright's `test`, with every page watched for console errors: a test
 * fails when one is left at the end that it did not take as expected.
 */
export const test = base.extend<{ consoleErrors: ConsoleErrors; clockInstalled: void }>({
  // Playwright's clock, running at real speed: search() jumps it past the loading state's 1 s
  // minimum (SPEC §9), which modal.spec.ts measures on its own; every other test would wait it out.
  clockInstalled: [
    async ({ page }, use) => {
      await page.clock.install()
      await use()
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const messages: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        if (expectedMissing.test(message.location().url) || expectedMissing.test(message.text())) return
        messages.push(message.text())
      })
      page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`))
      const errors: ConsoleErrors = {
        messages,
        take(pattern) {
          const taken = messages.filter((message) => pattern.test(message))
          for (const message of taken) messages.splice(messages.indexOf(message), 1)
          return taken
        },
      }
      await use(errors)
      expect(messages, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** Opens a route of a site and waits until React has hydrated it. */
export async function openPage(page: Page, route: string, site: SiteName = 'rntl'): Promise<void> {
  await page.goto(siteUrl(site, route))
  await page.locator('html[data-sheaf-hydrated]').waitFor()
}

/** The navbar button: its accessible name is the text it shows (WCAG 2.5.3), the placeholder. */
export function searchButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Search Docs', exact: true })
}

export function searchDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Search' })
}

export function searchInput(page: Page): Locator {
  return searchDialog(page).getByRole('combobox', { name: 'Search Docs' })
}

export function loadingIndicator(page: Page): Locator {
  return searchDialog(page).getByRole('status').filter({ hasText: 'Loading the search index' })
}

export function results(page: Page): Locator {
  return searchDialog(page).getByRole('listbox', { name: 'Search results' })
}

export function hits(page: Page): Locator {
  return results(page).getByRole('option')
}

/** The no-results message, whatever the query. */
export function noResults(page: Page): Locator {
  return searchDialog(page).getByText(/^No results for ".*"\.$/)
}

/**
 * Opens search from the navbar button (unless open), types `query` and waits
 * for its answer: hits in a listbox that is no longer busy (an earlier
 * query's hits stay shown, aria-busy, until the new answer comes), or the
 * no-results message naming this query.
 */
export async function search(page: Page, query: string): Promise<void> {
  if (!(await searchDialog(page).isVisible())) await searchButton(page).click()
  await expect(searchInput(page)).toBeFocused()
  await searchInput(page).fill(query)
  await skipLoadingMinimum(page)
  if (!query.trim()) return
  const settledHits = results(page).and(page.locator('[aria-busy="false"]'))
  const nothingFound = searchDialog(page).getByText(`No results for "${query.trim()}".`, { exact: true })
  await expect(settledHits.or(nothingFound)).toBeVisible()
}

/**
 * Waits out the loading state without its 1 s minimum: while it shows, the page's clock jumps
 * ahead, so the minimum's timer fires (or its remaining time comes out at zero) as soon as the
 * index has loaded. The loading itself is still awaited: the index must arrive.
 */
async function skipLoadingMinimum(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!(await loadingIndicator(page).isVisible())) return true
        await page.clock.fastForward(250)
        return false
      },
      { timeout: 10_000, intervals: [50] },
    )
    .toBe(true)
}

/** The site-relative part of a hit's href (base and origin removed). */
export function routeOf(href: string | null, base = '/react-native-testing-library/'): string {
  const path = new URL(href ?? '', 'http://x').pathname + new URL(href ?? '', 'http://x').hash
  return path.startsWith(base) ? `/${path.slice(base.length)}` : path
}
