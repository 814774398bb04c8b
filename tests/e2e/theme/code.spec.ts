import type { Page } from '@playwright/test'
import { desktop, expect, mobile, open, rntl, test } from './fixtures.ts'

const codeFigure = (page: Page, title: string) => page.getByRole('figure', { name: title })

test.describe('code blocks', () => {
  test.use({ viewport: desktop, permissions: ['clipboard-read', 'clipboard-write'] })

  test('show a title bar, the language and highlighted lines', async ({ page }) => {
    await open(page, '/docs/api/jest-matchers')
    const block = codeFigure(page, 'Banner.test.tsx')
    await expect(block).toBeVisible()
    await expect(block.getByText('Banner.test.tsx', { exact: true })).toBeVisible()
    const code = block.locator('pre code')
    await expect(code).toContainText("fireEvent.press(screen.getByRole('button', { name: 'Dismiss' }));")
    // {21,24}: two highlighted lines, painted with a background of their own.
    const highlighted = code.locator('.line.highlighted')
    await expect(highlighted).toHaveText([
      '  expect(message).toBeOnTheScreen();',
      '  expect(message).not.toBeOnTheScreen();',
    ])
    const [lineBackground, plainBackground] = await Promise.all([
      highlighted.first().evaluate((element) => getComputedStyle(element).backgroundColor),
      code
        .locator('.line:not(.highlighted)')
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundColor),
    ])
    expect(lineBackground).not.toBe(plainBackground)
    // Tokens are coloured (more than one colour in the block).
    const colours = await code
      .locator('span[style]')
      .evaluateAll((spans) => new Set(spans.map((span) => getComputedStyle(span).color)).size)
    expect(colours).toBeGreaterThan(2)
  })

  test('the copy button copies the code and shows success for about 2 seconds', async ({ page }) => {
    await open(page, '/docs/api/jest-matchers')
    const block = codeFigure(page, 'Banner.test.tsx')
    await block.hover()
    const copy = block.getByRole('button', { name: 'Copy code' })
    await expect(copy).toBeVisible()
    await expect
      .poll(() => copy.evaluate((element) => getComputedStyle(element.parentElement as Element).opacity))
      .toBe('1')
    await expect(copy).toHaveAttribute('title', 'Copy code')
    await copy.click()
    const copiedAt = Date.now()
    await expect(copy).toHaveAttribute('title', 'Copied')
    await expect(copy).toHaveAttribute('data-copied', 'true')
    await expect(block.getByRole('status')).toHaveText('Copied')
    const clipboard = await page.evaluate(() => navigator.clipboard.readText())
    expect(clipboard).toContain("import { fireEvent, render, screen } from '@testing-library/react-native';")
    expect(clipboard).toContain("expect(screen.queryByText('New version available')).not.toBeOnTheScreen();")
    expect(clipboard).not.toContain('Banner.test.tsx')

    await expect(copy).not.toHaveAttribute('data-copied', 'true', { timeout: 4000 })
    const shownFor = Date.now() - copiedAt
    expect(shownFor).toBeGreaterThan(1500)
    expect(shownFor).toBeLessThan(3000)
    await expect(copy).toHaveAttribute('title', 'Copy code')
    await expect(block.getByRole('status')).toHaveText('')
  })

  test('the copy and wrap buttons are reachable by keyboard', async ({ page }) => {
    await open(page, '/docs/api/jest-matchers')
    const block = codeFigure(page, 'Banner.test.tsx')
    await block.locator('pre').focus()
    await page.keyboard.press('Tab')
    await expect(block.getByRole('button', { name: 'Toggle word wrap' })).toBeFocused()
    await expect
      .poll(() =>
        block
          .getByRole('button', { name: 'Toggle word wrap' })
          .evaluate((element) => getComputedStyle(element.parentElement as Element).opacity),
      )
      .toBe('1')
    await page.keyboard.press('Tab')
    await expect(block.getByRole('button', { name: 'Copy code' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(block.getByRole('button', { name: 'Copy code' })).toHaveAttribute('data-copied', 'true')
  })
})

test.describe('code wrap on a phone', () => {
  test.use({ viewport: mobile })

  test('the wrap toggle wraps long lines instead of scrolling', async ({ page }) => {
    await open(page, '/docs/api/jest-matchers')
    const block = codeFigure(page, 'Banner.test.tsx')
    const pre = block.locator('pre')
    const overflows = () => pre.evaluate((element) => element.scrollWidth > element.clientWidth + 1)
    expect(await overflows()).toBe(true)
    const wrap = block.getByRole('button', { name: 'Toggle word wrap' })
    await expect(wrap).toHaveAttribute('aria-pressed', 'false')
    await wrap.click()
    await expect(wrap).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(overflows).toBe(false)
    await wrap.click()
    await expect(wrap).toHaveAttribute('aria-pressed', 'false')
    await expect.poll(overflows).toBe(true)
  })
})

test.describe('package manager tabs', () => {
  test.use({ viewport: desktop })

  test('show npm, yarn, pnpm and bun commands', async ({ page }) => {
    await open(page, '/docs/start/quick-start')
    const tablist = page.getByRole('tablist').first()
    await expect(tablist.getByRole('tab')).toHaveText(['npm', 'yarn', 'pnpm', 'bun'])
    await expect(tablist.getByRole('tab', { name: 'npm', exact: true })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel', { name: 'npm', exact: true }).first()).toContainText(
      'npm install --save-dev @testing-library/react-native',
    )

    const expected = {
      yarn: 'yarn add --save-dev @testing-library/react-native',
      pnpm: 'pnpm install --save-dev @testing-library/react-native',
      bun: 'bun add --save-dev @testing-library/react-native',
    }
    for (const [manager, command] of Object.entries(expected)) {
      await tablist.getByRole('tab', { name: manager, exact: true }).click()
      await expect(tablist.getByRole('tab', { name: manager, exact: true })).toHaveAttribute('aria-selected', 'true')
      const panel = page.getByRole('tabpanel', { name: manager, exact: true }).first()
      await expect(panel).toBeVisible()
      await expect(panel.locator('code')).toHaveText(command)
    }
  })

  test('the choice applies to every group on the page and is remembered across pages and reloads', async ({ page }) => {
    await open(page, '/docs/start/quick-start')
    await page.getByRole('tablist').first().getByRole('tab', { name: 'yarn', exact: true }).click()
    // The second install command switched with the first.
    const yarnPanels = page.getByRole('tabpanel', { name: 'yarn', exact: true })
    await expect(yarnPanels).toHaveCount(3)
    for (const panel of await yarnPanels.all()) await expect(panel).toBeVisible()
    const npmPanels = page.getByRole('tabpanel', { name: 'npm', exact: true, includeHidden: true })
    await expect(npmPanels).toHaveCount(3)
    for (const panel of await npmPanels.all()) await expect(panel).toBeHidden()
    await expect(yarnPanels.nth(1).locator('code')).toHaveText('yarn add --save-dev react-test-renderer@19.0.0')

    await page.reload()
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await expect(page.getByRole('tab', { name: 'yarn', exact: true }).first()).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel', { name: 'yarn', exact: true }).first()).toBeVisible()

    // Another page (the 12.x quick start) by client navigation, then by a fresh load.
    await page.goto(rntl('/docs/api/render'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Version 13\.x/ })
      .click()
    await page.getByRole('banner').getByRole('link', { name: '12.x' }).click()
    await expect(page).toHaveURL(rntl('/12.x/docs/api/render'))
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Quick Start' }).click()
    await expect(page).toHaveURL(rntl('/12.x/docs/start/quick-start'))
    await expect(page.getByRole('tab', { name: 'yarn', exact: true }).first()).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel', { name: 'yarn', exact: true }).first().locator('code')).toContainText(
      'yarn add',
    )
    await page.getByRole('tab', { name: 'bun', exact: true }).first().click()
    await open(page, '/docs/start/quick-start')
    await expect(page.getByRole('tab', { name: 'bun', exact: true }).first()).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel', { name: 'bun', exact: true }).first().locator('code')).toHaveText(
      'bun add --save-dev @testing-library/react-native',
    )
  })
})

test.describe('tabs', () => {
  test.use({ viewport: desktop })

  test('arrow keys, Home and End move between tabs with roving focus', async ({ page }) => {
    await open(page, '/docs/start/quick-start')
    const tablist = page.getByRole('tablist').filter({ has: page.getByRole('tab', { name: 'Expo' }) })
    const cli = tablist.getByRole('tab', { name: 'React Native CLI' })
    const expo = tablist.getByRole('tab', { name: 'Expo' })
    await expect(cli).toHaveAttribute('aria-selected', 'true')
    await expect(cli).toHaveAttribute('tabindex', '0')
    await expect(expo).toHaveAttribute('tabindex', '-1')
    await cli.focus()
    await page.keyboard.press('ArrowRight')
    await expect(expo).toBeFocused()
    await expect(expo).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel', { name: 'Expo' })).toContainText("preset: 'jest-expo'")
    await expect(page.getByRole('tabpanel', { name: 'React Native CLI' })).toBeHidden()
    await page.keyboard.press('ArrowRight')
    await expect(cli).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(expo).toBeFocused()
    await page.keyboard.press('Home')
    await expect(cli).toBeFocused()
    await expect(cli).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('End')
    await expect(expo).toBeFocused()
    // Tab leaves the tablist for the panel.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('tabpanel', { name: 'Expo' })).toBeFocused()
  })
})
