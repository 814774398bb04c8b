import { desktop, expect, open, test } from './fixtures.ts'

test.describe('query parameters that hide page parts', () => {
  test.use({ viewport: desktop })

  test('every part shows without parameters', async ({ page }) => {
    await open(page, '/docs/api/render')
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Contents' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })

  for (const [part, locate] of [
    ['navbar', 'banner'],
    ['sidebar', 'Sidebar'],
    ['outline', 'Contents'],
    ['footer', 'contentinfo'],
  ] as const) {
    test(`${part}=0 hides the ${part} and nothing else`, async ({ page }) => {
      await open(page, `/docs/api/render?${part}=0`)
      const parts = {
        banner: page.getByRole('banner'),
        Sidebar: page.getByRole('complementary', { name: 'Sidebar' }),
        Contents: page.getByRole('complementary', { name: 'Contents' }),
        contentinfo: page.getByRole('contentinfo'),
      }
      for (const [name, locator] of Object.entries(parts)) {
        if (name === locate) await expect(locator, `${name} hidden`).toHaveCount(0)
        else await expect(locator, `${name} shown`).toBeVisible()
      }
      await expect(page.getByRole('heading', { level: 1, name: 'render' })).toBeVisible()
    })
  }

  test('parameters combine, and the content takes the freed space', async ({ page }) => {
    await open(page, '/docs/api/render?navbar=0&sidebar=0&outline=0&footer=0')
    await expect(page.getByRole('banner')).toHaveCount(0)
    await expect(page.getByRole('complementary')).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    const heading = page.getByRole('heading', { level: 1, name: 'render' })
    await expect(heading).toBeVisible()
    expect((await heading.boundingBox())?.x ?? 999).toBeLessThan(300)
  })

  test('navbar=0 also works on the home page', async ({ page }) => {
    await open(page, '/?navbar=0&footer=0')
    await expect(page.getByRole('banner')).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    await expect(page.getByText('Helps you to write better tests with less effort.', { exact: true })).toBeVisible()
  })

  test('a value other than 0 keeps the part', async ({ page }) => {
    await open(page, '/docs/api/render?sidebar=1')
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible()
  })
})
