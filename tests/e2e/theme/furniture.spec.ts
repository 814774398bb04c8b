import type { Page } from '@playwright/test'
import { desktop, expect, mobile, open, rntl, settle, test } from './fixtures.ts'

const imageName = /^Query priority funnel/
const overlayOf = (page: Page) => page.locator('.medium-zoom-overlay')
const zoomedImageOf = (page: Page) => page.locator('img.medium-zoom-image--opened')

async function zoomImage(page: Page) {
  const image = page.getByRole('main').getByRole('img', { name: imageName })
  await image.scrollIntoViewIfNeeded()
  await expect(image).toHaveJSProperty('complete', true)
  // medium-zoom attaches 100 ms after render.
  await expect(image).toHaveClass(/medium-zoom-image/)
  const before = await image.boundingBox()
  await image.evaluate((element) => {
    ;(window as unknown as { zoomOpened: boolean }).zoomOpened = false
    element.addEventListener(
      'medium-zoom:opened',
      () => ((window as unknown as { zoomOpened: boolean }).zoomOpened = true),
      { once: true },
    )
  })
  await image.click()
  await expect(overlayOf(page)).toBeVisible()
  await expect(zoomedImageOf(page)).toBeVisible()
  // Open once the 0.3 s transition has run (medium-zoom ignores Escape while animating).
  await expect.poll(() => page.evaluate(() => (window as unknown as { zoomOpened: boolean }).zoomOpened)).toBe(true)
  // Zoomed: the image is larger than in the page.
  await expect
    .poll(async () => (await zoomedImageOf(page).boundingBox())?.width ?? 0)
    .toBeGreaterThan((before?.width ?? 0) + 20)
  return image
}

// One page load per viewport for the ways a zoomed image closes: each zooms it again.
for (const [name, viewport] of Object.entries({ desktop, mobile })) {
  test.describe(`image zoom (${name})`, () => {
    test.use({ viewport, colorScheme: 'light' })

    test(
      'a click zooms the image over a white background; Escape, ' +
        'a click on the zoomed image and a scroll of more than 40 px close it',
      async ({ page }) => {
        await open(page, '/docs/guides/how-to-query')
        await zoomImage(page)
        expect(await overlayOf(page).evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
          'rgb(255, 255, 255)',
        )
        await page.keyboard.press('Escape')
        await expect(overlayOf(page)).toHaveCount(0)
        await expect(zoomedImageOf(page)).toHaveCount(0)

        await zoomImage(page)
        await zoomedImageOf(page).click()
        await expect(overlayOf(page)).toHaveCount(0)

        // A smaller scroll does not close it.
        await zoomImage(page)
        await page.evaluate(() => window.scrollBy(0, 20))
        await page.waitForTimeout(300)
        await expect(overlayOf(page)).toBeVisible()
        await page.evaluate(() => window.scrollBy(0, 40))
        await expect(overlayOf(page)).toHaveCount(0)
      },
    )
  })
}

test.describe('image zoom after navigation, lazily loaded, with reduced motion, in dark mode', () => {
  test.use({ viewport: desktop })

  test('it works again after a client navigation away and back', async ({ page }) => {
    await open(page, '/docs/guides/how-to-query')
    await zoomImage(page)
    await page.keyboard.press('Escape')
    await expect(overlayOf(page)).toHaveCount(0)

    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Troubleshooting' }).click()
    await expect(page).toHaveURL(rntl('/docs/guides/troubleshooting'))
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'How to query' }).click()
    await expect(page).toHaveURL(rntl('/docs/guides/how-to-query'))
    await settle(page)
    await zoomImage(page)
    await page.keyboard.press('Escape')
    await expect(overlayOf(page)).toHaveCount(0)

    // And after the browser's back and forward buttons.
    await page.goBack()
    await expect(page).toHaveURL(rntl('/docs/guides/troubleshooting'))
    await page.goForward()
    await expect(page).toHaveURL(rntl('/docs/guides/how-to-query'))
    await settle(page)
    await zoomImage(page)
  })

  test('a page without images downloads no zoom code; the next page with one zooms', async ({ page }) => {
    const zoomScripts: string[] = []
    page.on('request', (request) => {
      if (/medium-zoom/.test(request.url())) zoomScripts.push(request.url())
    })
    await open(page, '/docs/guides/troubleshooting')
    await page.waitForLoadState('networkidle')
    expect(zoomScripts).toEqual([])

    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'How to query' }).click()
    await expect(page).toHaveURL(rntl('/docs/guides/how-to-query'))
    await settle(page)
    await zoomImage(page)
    expect(zoomScripts).toHaveLength(1)
  })

  test('it opens and closes with reduced motion too, over a dark overlay in dark mode', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'dark' })
    await open(page, '/docs/guides/how-to-query')
    await zoomImage(page)
    expect(await overlayOf(page).evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      'rgb(255, 255, 255)',
    )
    await page.keyboard.press('Escape')
    await expect(overlayOf(page)).toHaveCount(0)
  })
})

test.describe('progress bar', () => {
  test.use({ viewport: desktop })

  test('runs while a client navigation loads, then goes away', async ({ page }) => {
    await open(page, '/docs/api/render')
    await expect(page.locator('#nprogress')).toHaveCount(0)
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/_sheaf/data/docs/api/screen.json', async (route) => {
      await held
      await route.continue()
    })
    await page
      .getByRole('navigation', { name: 'Previous and next pages' })
      .getByRole('link', { name: /Next page/ })
      .click()
    const bar = page.locator('#nprogress .bar')
    await expect(bar).toBeVisible()
    const barWidth = () =>
      bar.evaluate((element) => {
        const rect = element.getBoundingClientRect()
        return Math.max(0, Math.min(rect.right, window.innerWidth)) / window.innerWidth
      })
    // It starts at the 0.08 minimum and trickles forward.
    await expect.poll(barWidth).toBeGreaterThanOrEqual(0.08)
    const early = await barWidth()
    // nprogress trickles every 800 ms: the bar grows while the page data is held back.
    await expect.poll(barWidth).toBeGreaterThan(early)
    expect(await barWidth()).toBeLessThan(1)
    await expect(page.getByRole('heading', { level: 1, name: 'render' })).toBeVisible()

    release()
    await expect(page.getByRole('heading', { level: 1, name: 'screen' })).toBeVisible()
    await expect(page.locator('#nprogress')).toHaveCount(0, { timeout: 3000 })
  })

  test('does not show on a first page load', async ({ page }) => {
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.getElementById('nprogress')) (window as unknown as { sawProgress: boolean }).sawProgress = true
      }).observe(document, { childList: true, subtree: true })
    })
    await open(page, '/docs/api/render')
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => (window as unknown as { sawProgress?: boolean }).sawProgress ?? false)).toBe(false)
  })
})

for (const [name, viewport] of Object.entries({ desktop, mobile })) {
  test.describe(`scroll to top (${name})`, () => {
    test.use({ viewport })

    test('appears once scrolled and takes the reader back to the top', async ({ page }) => {
      await open(page, '/docs/api/render')
      const button = page.getByRole('button', { name: 'Back to top' })
      await expect(button).toHaveCount(0)
      await page.evaluate(() => window.scrollTo(0, 1200))
      await expect(button).toBeVisible()
      await expect(button).toBeInViewport()
      await button.click()
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
      await expect(button).toHaveCount(0)
    })
  })
}

test.describe('page transitions', () => {
  test.use({ viewport: desktop })

  test('a client navigation runs in a view transition and still lands on the new page', async ({ page }) => {
    await page.addInitScript(() => {
      const original = document.startViewTransition?.bind(document)
      if (!original) return
      ;(window as unknown as { transitions: number }).transitions = 0
      document.startViewTransition = ((...args: Parameters<typeof original>) => {
        ;(window as unknown as { transitions: number }).transitions++
        return original(...args)
      }) as typeof document.startViewTransition
    })
    await open(page, '/docs/api/render')
    await page
      .getByRole('navigation', { name: 'Previous and next pages' })
      .getByRole('link', { name: /Next page/ })
      .click()
    await expect(page).toHaveURL(rntl('/docs/api/screen'))
    await expect(page.getByRole('heading', { level: 1, name: 'screen' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { transitions: number }).transitions)).toBe(1)
    // Everything stays interactive after the transition.
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Queries' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Queries' })).toBeVisible()
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Switch to (dark|light) theme$/ })
      .click()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Follow the system theme' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    expect(await page.evaluate(() => (window as unknown as { transitions: number }).transitions)).toBe(2)
  })
})
