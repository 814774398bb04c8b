import type { Page } from '@playwright/test'
import { desktop, expect, mobile, open, rntl, settle, test } from './fixtures.ts'

const marker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: string }).marker)

test.describe('client navigation', () => {
  test.use({ viewport: desktop })

  test('changes page without a reload, announces it and updates the title', async ({ page }) => {
    await open(page, '/docs/start/intro')
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'))
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'render', exact: true })
      .click()
    await expect(page).toHaveURL(rntl('/docs/api/render'))
    await expect(page.getByRole('heading', { level: 1, name: 'render' })).toBeVisible()
    await expect(page).toHaveTitle('render | React Native Testing Library')
    await expect(page.getByRole('status').filter({ hasText: 'render | React Native Testing Library' })).toHaveText(
      'render | React Native Testing Library',
    )
    await expect(page.locator('[aria-live="polite"]').first()).toHaveText('render | React Native Testing Library')
    expect(await marker(page)).toBe('same document')
    // The new page starts at the top and its description is in the head.
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Render a React element/)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://callstack.github.io/react-native-testing-library/docs/api/render',
    )
  })

  test('back and forward move through the history without a reload', async ({ page }) => {
    await open(page, '/docs/start/intro')
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'))
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await sidebar.getByRole('link', { name: 'Quick Start' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Start' })).toBeVisible()
    await settle(page)
    await sidebar.getByRole('link', { name: 'screen', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'screen' })).toBeVisible()
    await settle(page)

    await page.goBack()
    await expect(page).toHaveURL(rntl('/docs/start/quick-start'))
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Start' })).toBeVisible()
    await expect(page).toHaveTitle('Quick Start | React Native Testing Library')
    await expect(sidebar.locator('[aria-current="page"]')).toHaveText('Quick Start')
    await settle(page)
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'Introduction' })).toBeVisible()
    await settle(page)
    await page.goForward()
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Start' })).toBeVisible()
    expect(await marker(page)).toBe('same document')
  })

  test('navigating again while a page transition starts raises no error', async ({ page }) => {
    await page.addInitScript(() => {
      const original = document.startViewTransition.bind(document)
      let first = true
      document.startViewTransition = ((...args: Parameters<typeof original>) => {
        const transition = original(...args)
        // The reader clicks another link just as the first transition starts.
        if (first)
          queueMicrotask(() => document.querySelector<HTMLAnchorElement>('aside a[href$="/docs/api/screen"]')?.click())
        first = false
        return transition
      }) as typeof document.startViewTransition
    })
    await open(page, '/docs/start/intro')
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await sidebar.getByRole('link', { name: 'screen', exact: true }).hover()
    await sidebar.getByRole('link', { name: 'Quick Start' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'screen' })).toBeVisible()
    await expect(page).toHaveURL(rntl('/docs/api/screen'))
    await page.waitForTimeout(500)
  })

  test('a link to a heading of another page lands on the heading', async ({ page }) => {
    await open(page, '/docs/api/screen')
    await page.evaluate(() => {
      const link = document.createElement('a')
      link.href = '/react-native-testing-library/docs/api/render#render-result'
      link.textContent = 'render result'
      document.querySelector('main article')?.prepend(link)
    })
    await page.getByRole('link', { name: 'render result', exact: true }).click()
    await expect(page).toHaveURL(rntl('/docs/api/render#render-result'))
    const heading = page.getByRole('heading', { level: 2, name: 'Render result' })
    await expect.poll(async () => Math.round((await heading.boundingBox())?.y ?? -1)).toBe(72)
  })

  test('the logo leads home', async ({ page }) => {
    await open(page, '/docs/api/render')
    await page.getByRole('banner').getByRole('link', { name: 'React Native Testing Library' }).click()
    await expect(page).toHaveURL(rntl('/'))
    await expect(page).toHaveTitle('React Native Testing Library')
    await expect(page.getByText('Helps you to write better tests with less effort.', { exact: true })).toBeVisible()
  })
})

for (const [name, viewport] of Object.entries({ desktop, mobile })) {
  test.describe(`404 page (${name})`, () => {
    test.use({ viewport })

    test('an unknown path shows the 404 page with a link home', async ({ page, allowConsole }) => {
      allowConsole(/status of 404 .*\/docs\/no-such-page\)$/)
      const response = await page.goto(rntl('/docs/no-such-page'))
      expect(response?.status()).toBe(404)
      await page.locator('html[data-sheaf-hydrated]').waitFor()
      await expect(page.getByText('404', { exact: true })).toBeVisible()
      await expect(page.getByRole('heading', { level: 1, name: 'PAGE NOT FOUND' })).toBeVisible()
      await expect(page).toHaveTitle('PAGE NOT FOUND | React Native Testing Library')
      const home = page.getByRole('link', { name: 'Take me home' })
      await expect(home).toHaveAttribute('href', '/react-native-testing-library/')
      await home.click()
      await expect(page).toHaveURL(rntl('/'))
      await expect(page.getByText('Helps you to write better tests with less effort.', { exact: true })).toBeVisible()
    })

    test('under /12.x/ it leads to the 12.x home', async ({ page, allowConsole }) => {
      allowConsole(/status of 404 .*\/12\.x\/docs\/no-such-page\)$/)
      const response = await page.goto(rntl('/12.x/docs/no-such-page'))
      expect(response?.status()).toBe(404)
      await page.locator('html[data-sheaf-hydrated]').waitFor()
      await expect(page.getByRole('heading', { level: 1, name: 'PAGE NOT FOUND' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Take me home' })).toHaveAttribute(
        'href',
        '/react-native-testing-library/12.x/',
      )
    })
  })
}

test.describe('404 by client navigation', () => {
  test.use({ viewport: desktop })

  for (const [from, missing, home] of [
    ['/docs/api/render', '/react-native-testing-library/docs/missing', '/react-native-testing-library/'],
    ['/12.x/docs/api/render', '/react-native-testing-library/12.x/docs/missing', '/react-native-testing-library/12.x/'],
  ]) {
    test(`a missing link from ${from} shows the 404 page`, async ({ page, allowConsole }) => {
      // The router asks for the missing page's data, then for the nearest 404 page's.
      allowConsole(/status of 404 .*\/_sheaf\/data\/(12\.x\/)?docs\/(missing|404)\.json\)$/)
      await open(page, from)
      await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'))
      await page.evaluate((href) => {
        const link = document.createElement('a')
        link.href = href
        link.textContent = 'missing page'
        document.querySelector('main article')?.prepend(link)
      }, missing)
      await page.getByRole('link', { name: 'missing page' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'PAGE NOT FOUND' })).toBeVisible()
      await expect(page).toHaveURL(`http://127.0.0.1:${new URL(rntl()).port}${missing}`)
      await expect(page.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', home)
      await expect(page).toHaveTitle('PAGE NOT FOUND | React Native Testing Library')
      await expect(page.locator('[aria-live="polite"]').first()).toHaveText(
        'PAGE NOT FOUND | React Native Testing Library',
      )
      expect(await marker(page)).toBe('same document')
      await page.goBack()
      await expect(page.getByRole('heading', { level: 1, name: 'render' })).toBeVisible()
    })
  }
})
