import { siteUrl } from '../sites.ts'
import { desktop, expect, test } from './fixtures.ts'

// Issue 41: the default theme built only with a site that had the search plugin. The bare-theme
// fixture has the `files` plugin alone; its doc page hydrates without a console error (the fixture's
// `test` fails on any), with no search box, sidebar or switchers, and the config's nav still works.

test.describe('the default theme without optional plugins', () => {
  test.use({ viewport: desktop })

  test('renders and hydrates a doc page with no search box', async ({ page }) => {
    await page.goto(siteUrl('bareTheme', '/2.x/docs/intro'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await expect(page.getByRole('heading', { level: 1, name: 'Introduction' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.locator('.sheaf-search__button')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /search/i })).toHaveCount(0)
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0)
    // Ctrl+K opens nothing: no search dialog without the plugin.
    await page.keyboard.press('Control+K')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // The config's nav, as written (no versions plugin moves it), navigates on the client.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Guide' }).click()
    await expect(page).toHaveURL(/\/bare\/2\.x\/docs\/usage$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible()
  })
})
