import { desktop, expect, mobile, open, rntl, test } from './fixtures.ts'

for (const [name, viewport] of Object.entries({ desktop, mobile })) {
  test.describe(`home page (${name})`, () => {
    test.use({ viewport })

    test('shows the hero, its actions, the features and the footer', async ({ page }) => {
      await open(page, '/')
      await expect(page).toHaveTitle('React Native Testing Library')
      const hero = page.getByRole('region', { name: /React Native Testing Library/ })
      await expect(hero.getByRole('heading', { level: 1 })).toContainText('React Native Testing Library')
      await expect(hero.getByText('Helps you to write better tests with less effort.', { exact: true })).toBeVisible()

      const image = hero.getByRole('img', {
        name: 'A smiling cartoon phone with a green check mark badge in its lower corner',
      })
      await expect(image).toBeVisible()
      await expect(image).toHaveAttribute('width', '375')
      await expect(image).toHaveAttribute('height', '375')
      expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth > 0, img.complete])).toEqual([
        true,
        true,
      ])

      await expect(hero.getByRole('link', { name: 'Quick Start' })).toHaveAttribute(
        'href',
        '/react-native-testing-library/docs/start/quick-start',
      )
      await expect(hero.getByRole('link', { name: 'Explore API' })).toHaveAttribute(
        'href',
        '/react-native-testing-library/docs/api',
      )

      const features = page.getByRole('region', { name: 'Features' })
      await expect(features.getByRole('heading', { level: 2 })).toHaveText([
        'Maintainable',
        'Reliable',
        'Community Driven',
      ])
      await expect(features.getByRole('listitem')).toHaveCount(3)

      const footer = page.getByRole('contentinfo')
      await expect(footer).toContainText('Copyright © 2024 Callstack Open Source')
      await expect(footer).toContainText('2024')
    })

    test('Quick Start opens the quick start page', async ({ page }) => {
      await open(page, '/')
      await page
        .getByRole('region', { name: /React Native Testing Library/ })
        .getByRole('link', { name: 'Quick Start' })
        .click()
      await expect(page).toHaveURL(rntl('/docs/start/quick-start'))
      await expect(page.getByRole('heading', { level: 1, name: 'Quick Start' })).toBeVisible()
    })
  })
}

test.describe('12.x home page', () => {
  test.use({ viewport: desktop })

  test('its actions stay in 12.x', async ({ page }) => {
    await open(page, '/12.x/')
    const hero = page.getByRole('region', { name: /React Native Testing Library/ })
    await expect(hero.getByText('Helps you to write better tests with less effort.', { exact: true })).toBeVisible()
    await expect(hero.getByRole('link', { name: 'Quick Start' })).toHaveAttribute(
      'href',
      '/react-native-testing-library/12.x/docs/start/quick-start',
    )
    await expect(hero.getByRole('link', { name: 'Explore API' })).toHaveAttribute(
      'href',
      '/react-native-testing-library/12.x/docs/api',
    )
    await hero.getByRole('link', { name: 'Explore API' }).click()
    await expect(page).toHaveURL(rntl('/12.x/docs/api'))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})
