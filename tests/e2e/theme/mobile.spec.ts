import type { Page } from '@playwright/test'
import { expect, mobile, open, rntl, test } from './fixtures.ts'

const base = '/react-native-testing-library'
const mobileNavOf = (page: Page) => page.getByRole('navigation', { name: 'Mobile' })

test.describe('phone navbar', () => {
  test.use({ viewport: mobile })

  test('the desktop menus hide and the hamburger opens a full-screen nav', async ({ page }) => {
    await open(page, '/docs/api/render')
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeHidden()
    const hamburger = page.getByRole('button', { name: 'Open navigation' })
    await expect(hamburger).toHaveAttribute('aria-expanded', 'false')
    await hamburger.click()
    const closeButton = page.getByRole('button', { name: 'Close navigation' })
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true')
    const nav = mobileNavOf(page)
    await expect(nav).toBeVisible()
    // Full screen once its entry animation is over: as wide as the window, down to its bottom.
    const screen = page.locator('.mobile-nav__screen')
    await expect.poll(async () => (await screen.boundingBox())?.width).toBe(mobile.width)
    await expect
      .poll(async () => Math.round(await screen.evaluate((element) => element.getBoundingClientRect().bottom)))
      .toBe(mobile.height)

    await expect(nav.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', `${base}/docs/start/intro`)
    await expect(nav.getByRole('link', { name: 'Cookbook' })).toHaveAttribute('href', `${base}/cookbook/`)
    await expect(nav.getByRole('link', { name: /Examples/ })).toHaveAttribute('target', '_blank')
    await expect(nav.getByRole('link', { name: '12.x' })).toHaveAttribute('href', `${base}/12.x/docs/api/render`)
    // Every social link shows in the full-screen nav, npm included.
    for (const name of ['GitHub', 'Discord', 'X', 'npm'])
      await expect(nav.getByRole('link', { name: new RegExp(`^${name}\\b`) })).toBeVisible()
    // The page behind does not scroll.
    await expect(page.locator('html')).toHaveClass(/has-mobile-nav/)

    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await expect(hamburger).toBeFocused()
    await expect(page.locator('html')).not.toHaveClass(/has-mobile-nav/)
  })

  test('the full-screen nav closes on a route change', async ({ page }) => {
    await open(page, '/docs/api/render')
    await page.getByRole('button', { name: 'Open navigation' }).click()
    await mobileNavOf(page).getByRole('link', { name: 'Cookbook' }).click()
    await expect(page).toHaveURL(rntl('/cookbook/'))
    await expect(mobileNavOf(page)).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false')
  })

  test('the version switcher of the full-screen nav changes version', async ({ page }) => {
    await open(page, '/docs/api/render')
    await page.getByRole('button', { name: 'Open navigation' }).click()
    await mobileNavOf(page).getByRole('link', { name: '12.x' }).click()
    await expect(page).toHaveURL(rntl('/12.x/docs/api/render'))
    await expect(mobileNavOf(page)).toBeHidden()
  })

  test('the full-screen nav closes when the window reaches 768 px', async ({ page }) => {
    await open(page, '/docs/api/render')
    await page.getByRole('button', { name: 'Open navigation' }).click()
    await expect(mobileNavOf(page)).toBeVisible()
    await page.setViewportSize({ width: 767, height: 844 })
    await expect(mobileNavOf(page)).toBeVisible()
    await page.setViewportSize({ width: 768, height: 844 })
    await expect(mobileNavOf(page)).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false')
    await expect(page.locator('html')).not.toHaveClass(/has-mobile-nav/)
  })

  test('the theme toggle sits in the full-screen nav', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await open(page, '/docs/api/render')
    await page.getByRole('button', { name: 'Open navigation' }).click()
    await mobileNavOf(page).getByRole('button', { name: 'Switch to dark theme' }).click()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  })
})

test.describe('phone sidebar', () => {
  test.use({ viewport: mobile })

  test("'Menu' opens the sidebar over a backdrop; the backdrop and Escape close it", async ({ page }) => {
    await open(page, '/docs/api/render')
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await expect(sidebar).toBeHidden()
    const menu = page.getByRole('button', { name: 'Menu', exact: true })
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expect(sidebar).toBeVisible()
    await expect(sidebar.locator('[aria-current="page"]')).toHaveText('render')
    const backdrop = page.locator('.sidebar-backdrop')
    await expect(backdrop).toBeVisible()
    await expect.poll(() => backdrop.evaluate((element) => getComputedStyle(element).opacity)).toBe('1')

    // The backdrop, right of the sidebar, takes the click and closes it.
    await page.mouse.click(mobile.width - 10, mobile.height / 2)
    await expect(sidebar).toBeHidden()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')

    await menu.click()
    await expect(sidebar).toBeVisible()
    // Focus moves into the sidebar, and back to 'Menu' on Escape.
    await expect(sidebar.getByRole('button', { name: 'Close menu' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(sidebar).toBeHidden()
    await expect(menu).toBeFocused()

    await menu.click()
    await sidebar.getByRole('button', { name: 'Close menu' }).click()
    await expect(sidebar).toBeHidden()
  })

  test('a route change closes the sidebar', async ({ page }) => {
    await open(page, '/docs/api/render')
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await sidebar.getByRole('link', { name: 'Queries' }).click()
    await expect(page).toHaveURL(rntl('/docs/api/queries'))
    await expect(page.getByRole('heading', { level: 1, name: 'Queries' })).toBeVisible()
    await expect(sidebar).toBeHidden()
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toHaveAttribute('aria-expanded', 'false')
  })
})
