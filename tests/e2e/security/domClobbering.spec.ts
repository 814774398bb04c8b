import { expect, test, type Page } from '@playwright/test'
import { siteUrl } from '../sites.ts'

// Issue 19, DOM clobbering. tests/fixtures/search-xss/content/1.0/docs/clobber.md holds
// `<div id="__SHEAF_DATA__">` with a forged copy of the page data whose code block's HTML is
// `<img src=x onerror=...>`, a `## Content` heading (the layout's <main> is #sheaf-content), and links
// to a heading (#options), to a raw `<a name="setup">` and to a raw `<p id="raw-target">`.
const route = '/docs/clobber'

/** Opens the page (with an optional hash), recording every dialog, and waits for hydration. */
async function open(page: Page, hash = ''): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto(siteUrl('searchXss', route) + hash)
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  return { dialogs }
}

/** Where an element's top is in the viewport, in CSS pixels. */
const topOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getBoundingClientRect().top)

/**
 * The page scrolled to `selector`: the element is in the top part of the window (the client puts
 * it below the 72 px navbar; a browser's own jump on load at 0, and the page may still shift a little).
 */
async function expectLandedOn(page: Page, selector: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
  await expect.poll(async () => Math.round(await topOf(page, selector))).toBeGreaterThanOrEqual(-2)
  await expect.poll(async () => Math.round(await topOf(page, selector))).toBeLessThanOrEqual(240)
}

test.describe('content cannot clobber the page data or the layout ids', () => {
  test('the page hydrates with its real data: the forged data never renders and its script never runs', async ({
    page,
  }) => {
    const { dialogs } = await open(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Clobber page')
    await expect(page.getByText('FORGED TITLE')).toHaveCount(0)
    // The page is live (hydrated with the real data): its outline links work as a client would.
    await page.getByRole('button', { name: 'Toggle word wrap' }).click()
    await expect(page.locator('.sheaf-code--wrap')).toHaveCount(1)
    await expect(page.locator('pre.shiki code')).toContainText('const options')
    // Give a failed image load the time to fire its handler.
    await page.waitForTimeout(500)
    expect(
      await page.evaluate(() => (window as unknown as { __sheafClobbered?: number }).__sheafClobbered),
    ).toBeUndefined()
    expect(await page.locator('img[onerror], img[src="x"]').count()).toBe(0)
    expect(dialogs).toEqual([])
    // Content's ids carry the user-content- prefix; the engine's and the theme's stay unique.
    expect(
      await page.locator('[id="__SHEAF_DATA__"]').evaluateAll((elements) => elements.map((element) => element.tagName)),
    ).toEqual(['SCRIPT'])
    await expect(page.locator('#user-content-__SHEAF_DATA__')).toHaveCount(1)
  })

  test(
    "a `## Content` heading keeps #content (the theme's ids are namespaced): " +
      'the skip link still reaches the <main>',
    async ({ page }) => {
      await open(page)
      await expect(page.locator('[id="content"]')).toHaveCount(1)
      await expect(page.locator('#sheaf-content')).toHaveJSProperty('tagName', 'MAIN')
      await expect(page.getByRole('heading', { name: 'Content', exact: true })).toHaveAttribute('id', 'content')
    },
  )

  test('#options links land on the heading: a markdown link and a raw <a href="#options">', async ({ page }) => {
    await open(page)
    await page.getByRole('link', { name: 'jump to options' }).click()
    await expect(page).toHaveURL(/#options$/)
    await expectLandedOn(page, 'h2#options')
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('link', { name: 'raw link to options' }).click()
    await expectLandedOn(page, 'h2#options')
  })

  test('a URL with #options lands on the heading on load', async ({ page }) => {
    await open(page, '#options')
    await expectLandedOn(page, 'h2#options')
  })

  test('links to ids and names written in raw HTML still land on them (user-content-)', async ({ page }) => {
    await open(page)
    await page.getByRole('link', { name: 'jump to the raw target' }).click()
    await expectLandedOn(page, '#user-content-raw-target')
    await page.evaluate(() => window.scrollTo(0, 0))
    // Written as a path: the href keeps #raw-target and the client finds user-content-raw-target.
    await page.getByRole('link', { name: 'the raw target by path' }).click()
    await expect(page).toHaveURL(/#raw-target$/)
    await expectLandedOn(page, '#user-content-raw-target')
  })

  test('a URL with #raw-target or #setup (as authors write it) lands on the prefixed element on load', async ({
    page,
  }) => {
    await open(page, '#raw-target')
    await expectLandedOn(page, '#user-content-raw-target')
    await open(page, '#setup')
    await expectLandedOn(page, 'a[name="user-content-setup"]')
  })
})
