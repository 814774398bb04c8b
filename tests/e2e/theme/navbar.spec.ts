import type { Page } from '@playwright/test'
import { desktop, expect, open, rntl, test } from './fixtures.ts'

const base = '/react-native-testing-library'
const bannerOf = (page: Page) => page.getByRole('banner')

test.describe('navbar menu', () => {
  test.use({ viewport: desktop })

  test('Docs and Cookbook lead to the 13.x intro and cookbook', async ({ page }) => {
    await open(page, '/docs/api/render')
    const menu = bannerOf(page).getByRole('navigation', { name: 'Main' })
    await expect(menu.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', `${base}/docs/start/intro`)
    await expect(menu.getByRole('link', { name: 'Docs' })).toHaveAttribute('aria-current', 'true')
    await expect(menu.getByRole('link', { name: 'Cookbook' })).toHaveAttribute('href', `${base}/cookbook/`)
    await menu.getByRole('link', { name: 'Cookbook' }).click()
    await expect(page).toHaveURL(rntl('/cookbook/'))
    await expect(menu.getByRole('link', { name: 'Cookbook' })).toHaveAttribute('aria-current', 'true')
    await expect(menu.getByRole('link', { name: 'Docs' })).not.toHaveAttribute('aria-current', 'true')
    await menu.getByRole('link', { name: 'Docs' }).click()
    await expect(page).toHaveURL(rntl('/docs/start/intro'))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('on a 12.x page Docs and Cookbook stay in 12.x', async ({ page }) => {
    await open(page, '/12.x/docs/api/render')
    const menu = bannerOf(page).getByRole('navigation', { name: 'Main' })
    await expect(menu.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', `${base}/12.x/docs/start/intro`)
    await expect(menu.getByRole('link', { name: 'Cookbook' })).toHaveAttribute('href', `${base}/12.x/cookbook/`)
    await menu.getByRole('link', { name: 'Cookbook' }).click()
    await expect(page).toHaveURL(rntl('/12.x/cookbook/'))
    await expect(bannerOf(page).getByRole('link', { name: 'React Native Testing Library' })).toHaveAttribute(
      'href',
      `${base}/12.x/`,
    )
  })

  test('Examples is an external link opening a new tab', async ({ page }) => {
    await open(page, '/docs/api/render')
    const examples = bannerOf(page).getByRole('link', { name: /Examples/ })
    await expect(examples).toHaveAccessibleName('Examples (opens in a new tab)')
    await expect(examples).toHaveAttribute(
      'href',
      'https://github.com/callstack/react-native-testing-library/tree/main/examples',
    )
    await expect(examples).toHaveAttribute('target', '_blank')
    await expect(examples).toHaveAttribute('rel', /\bnoopener\b/)
  })
})

test.describe('version switcher', () => {
  test.use({ viewport: desktop })

  test('keeps the page when it exists in the other version', async ({ page }) => {
    await open(page, '/docs/api/render')
    const switcher = bannerOf(page).getByRole('button', { name: 'Version 13.x, choose another version' })
    await expect(switcher).toHaveText('13.x')
    await switcher.click()
    await expect(switcher).toHaveAttribute('aria-expanded', 'true')
    await expect(bannerOf(page).getByRole('link', { name: '13.x' })).toHaveAttribute('aria-current', 'true')
    await bannerOf(page).getByRole('link', { name: '12.x' }).click()
    await expect(page).toHaveURL(rntl('/12.x/docs/api/render'))
    await expect(bannerOf(page).getByRole('button', { name: 'Version 12.x, choose another version' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    await expect(page.getByRole('heading', { level: 1, name: 'render' })).toBeVisible()

    // And back to 13.x.
    await bannerOf(page).getByRole('button', { name: 'Version 12.x, choose another version' }).click()
    await bannerOf(page).getByRole('link', { name: '13.x' }).click()
    await expect(page).toHaveURL(rntl('/docs/api/render'))
  })

  test("falls back to the other version's home when the page is absent there", async ({ page }) => {
    await open(page, '/docs/advanced/third-party-integration')
    await bannerOf(page)
      .getByRole('button', { name: /^Version 13\.x/ })
      .click()
    const link = bannerOf(page).getByRole('link', { name: '12.x' })
    await expect(link).toHaveAttribute('href', `${base}/12.x/`)
    await link.click()
    await expect(page).toHaveURL(rntl('/12.x/'))
    await expect(page.getByText('Helps you to write better tests with less effort.', { exact: true })).toBeVisible()
  })

  test('is operable by keyboard', async ({ page }) => {
    await open(page, '/docs/api/render')
    const switcher = bannerOf(page).getByRole('button', { name: /^Version 13\.x/ })
    await switcher.focus()
    await page.keyboard.press('ArrowDown')
    await expect(bannerOf(page).getByRole('link', { name: '12.x' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(bannerOf(page).getByRole('link', { name: '13.x' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(switcher).toHaveAttribute('aria-expanded', 'false')
    await expect(switcher).toBeFocused()
  })
})

test.describe('social links', () => {
  test.use({ viewport: desktop })

  test('shows three and puts the rest in a keyboard-operable more popup', async ({ page }) => {
    await open(page, '/docs/api/render')
    const banner = bannerOf(page)
    for (const name of ['GitHub', 'Discord', 'X']) {
      const link = banner.getByRole('link', { name: `${name} (opens in a new tab)` })
      await expect(link).toBeVisible()
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/)
    }
    await expect(banner.getByRole('link', { name: /npm/ })).toBeHidden()

    const more = banner.getByRole('button', { name: 'More links' })
    await more.focus()
    await page.keyboard.press('Enter')
    await expect(more).toHaveAttribute('aria-expanded', 'true')
    const npm = banner.getByRole('link', { name: /npm/ })
    await expect(npm).toBeVisible()
    await expect(npm).toHaveAttribute('href', 'https://www.npmjs.com/package/@testing-library/react-native')
    await page.keyboard.press('ArrowDown')
    await expect(npm).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(more).toHaveAttribute('aria-expanded', 'false')
    await expect(npm).toBeHidden()
    await expect(more).toBeFocused()

    // A click outside closes it too.
    await more.click()
    await expect(npm).toBeVisible()
    await page.getByRole('heading', { level: 1 }).click()
    await expect(npm).toBeHidden()
  })
})

test.describe('dark and light theme', () => {
  test.use({ viewport: desktop, colorScheme: 'light' })

  const htmlIsDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'))

  test('the toggle switches html.dark and the choice survives a reload without a flash', async ({ page }) => {
    await open(page, '/docs/api/render')
    expect(await htmlIsDark(page)).toBe(false)
    const toggle = bannerOf(page).getByRole('button', { name: /^Switch to (dark|light) theme$/ })
    await expect(toggle).toHaveAccessibleName('Switch to dark theme')
    await toggle.click()
    await expect(toggle).toHaveAccessibleName('Switch to light theme')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    expect(await page.evaluate(() => Object.values({ ...localStorage }))).toContain('dark')
    // The background may still be transitioning: poll until it settles away from white.
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .not.toBe('rgb(255, 255, 255)')

    // Reload: the class is there before the first paint, and stays after hydration.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded =
          document.documentElement.classList.contains('dark')
      })
      new MutationObserver((_records, observer) => {
        if (!document.body) return
        ;(window as unknown as { darkAtBody: boolean }).darkAtBody = document.documentElement.classList.contains('dark')
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    await page.reload()
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    expect(
      await page.evaluate(() => (window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded),
    ).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { darkAtBody: boolean }).darkAtBody)).toBe(true)
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(toggle).toHaveAccessibleName('Switch to light theme')

    // The choice also holds after a client navigation.
    await page.getByRole('link', { name: /Next page/ }).click()
    await expect(page).toHaveURL(rntl('/docs/api/screen'))
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)

    // Back to light.
    await toggle.click()
    await expect(toggle).toHaveAccessibleName('Switch to dark theme')
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
    await page.reload()
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  })

  test("'auto' follows the system colour scheme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded =
          document.documentElement.classList.contains('dark')
      })
    })
    await open(page, '/docs/api/render')
    expect(
      await page.evaluate(() => (window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded),
    ).toBe(true)
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)

    // An explicit light choice wins over the system.
    const toggle = bannerOf(page).getByRole('button', { name: /^Switch to (dark|light) theme$/ })
    await toggle.click()
    await expect(toggle).toHaveAccessibleName('Switch to dark theme')
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
    await page.reload()
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    expect(
      await page.evaluate(() => (window as unknown as { darkAtDomContentLoaded: boolean }).darkAtDomContentLoaded),
    ).toBe(false)
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  })

  test('an unknown stored value counts as auto', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.addInitScript(() => localStorage.setItem('sheaf-theme', 'sepia'))
    await open(page, '/docs/api/render')
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(bannerOf(page).getByRole('button', { name: 'Follow the system theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  })
})
