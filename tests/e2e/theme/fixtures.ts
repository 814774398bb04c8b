import { expect, test as base, type Page } from '@playwright/test'
import { siteUrl } from '../sites.ts'

/** The analytics loader is not served locally: its failed load is the one expected console error. */
const analyticsScript = '/_vercel/insights/script.js'

export const desktop = { width: 1280, height: 900 }
export const mobile = { width: 390, height: 844 }

/** Full URL of a route of the RNTL site ('/docs/api/render', '/12.x/'). */
export function rntl(route = '/'): string {
  return siteUrl('rntl', route)
}

/** Loads a route and waits until React has hydrated it (clicks before that do nothing). */
export async function open(page: Page, route: string): Promise<void> {
  await page.goto(rntl(route))
  await page.locator('html[data-sheaf-hydrated]').waitFor()
}

function isExpected(text: string, url: string | undefined): boolean {
  return (url ?? '').includes(analyticsScript) || text.includes(analyticsScript)
}

/**
 * `page` that fails the test on any console error or warning, uncaught page
 * error or hydration warning, except the analytics script's failed load.
 */
export const test = base.extend<{ consoleProblems: string[]; allowConsole: (pattern: RegExp) => void }>({
  // Lets a test accept a console message it causes on purpose (a 404 page's own 404 response).
  allowConsole: async ({ consoleProblems }, use) => {
    await use((pattern) => {
      ;(consoleProblems as string[] & { allowed?: RegExp[] }).allowed?.push(pattern)
    })
  },
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] & { allowed?: RegExp[] } = []
      problems.allowed = []
      const failedAnalytics = new Set<string>()
      page.on('requestfailed', (request) => {
        if (request.url().includes(analyticsScript)) failedAnalytics.add(request.url())
      })
      page.on('response', (response) => {
        if (response.url().includes(analyticsScript) && response.status() >= 400) failedAnalytics.add(response.url())
      })
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return
        const location = message.location().url
        // "Failed to load resource: 404" for the analytics script names it only in its location.
        if (isExpected(message.text(), location)) return
        problems.push(`${message.type()}: ${message.text()} (${location})`)
      })
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      await use(problems)
      const allowed = problems.allowed ?? []
      expect(
        problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem))),
        'console errors, warnings or page errors',
      ).toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * Waits until the page transition of a client navigation has finished (its
 * ::view-transition animations are gone), before starting the next one.
 */
export async function settle(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((animation) =>
              (animation.effect as KeyframeEffect | null)?.pseudoElement?.startsWith('::view-transition'),
            ).length,
      ),
    )
    .toBe(0)
}
