import { expect, test } from '@playwright/test'
import { siteUrl } from './sites.ts'

test.describe('versions on the RNTL site', () => {
  test('13.x lives at the base root and 12.x under /12.x/', async ({ page }) => {
    await page.goto(siteUrl('rntl', '/docs/api/render'))
    await expect(page.getByRole('heading', { level: 1, name: 'render' })).toBeVisible()
    const response = await page.goto(siteUrl('rntl', '/12.x/docs/api/render'))
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'render' })).toBeVisible()
  })

  test('the navbar Docs and Cookbook entries stay in the version being read', async ({ page }) => {
    await page.goto(siteUrl('rntl', '/12.x/docs/api/render'))
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('link', { name: 'Docs', exact: true })).toHaveAttribute(
      'href',
      '/react-native-testing-library/12.x/docs/start/intro',
    )
    await expect(banner.getByRole('link', { name: 'Cookbook', exact: true })).toHaveAttribute(
      'href',
      '/react-native-testing-library/12.x/cookbook/',
    )
    await page.goto(siteUrl('rntl', '/docs/api/render'))
    await expect(page.getByRole('banner').getByRole('link', { name: 'Docs', exact: true })).toHaveAttribute(
      'href',
      '/react-native-testing-library/docs/start/intro',
    )
  })

  test('relative links inside 12.x content stay in 12.x', async ({ page }) => {
    await page.goto(siteUrl('rntl', '/12.x/docs/guides/how-to-query'))
    const hrefs = await page
      .locator('main article a[href^="/react-native-testing-library/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    const pageLinks = hrefs.filter((href) => href && !href.includes('/img/'))
    expect(pageLinks.length).toBeGreaterThan(0)
    for (const href of pageLinks) expect(href).toMatch(/^\/react-native-testing-library\/12\.x\//)
  })

  test('an unknown path under /12.x/ offers the way home to 12.x', async ({ page }) => {
    const response = await page.goto(siteUrl('rntl', '/12.x/docs/no-such-page'))
    expect(response?.status()).toBe(404)
    await expect(page.getByText('PAGE NOT FOUND')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Take me home' })).toHaveAttribute(
      'href',
      '/react-native-testing-library/12.x/',
    )
  })
})
