import type { Page } from '@playwright/test'
import { desktop, expect, mobile, open, rntl, test } from './fixtures.ts'

const sidebarOf = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' })
const outlineOf = (page: Page) => page.getByRole('complementary', { name: 'Contents' })

test.describe('doc page sidebar', () => {
  test.use({ viewport: desktop })

  test('lists the groups, marks the active page and opens its group', async ({ page }) => {
    await open(page, '/docs/api/render')
    const sidebar = sidebarOf(page)
    const nav = sidebar.getByRole('navigation', { name: 'Pages' })
    for (const group of ['Getting started', 'Guides', 'Advanced Guides', 'Migration Guides']) {
      await expect(nav.getByRole('button', { name: group, exact: true })).toBeVisible()
    }
    await expect(nav.getByRole('link', { name: 'API reference', exact: true })).toBeVisible()
    for (const group of ['Triggering events', 'Miscellaneous']) {
      await expect(nav.getByRole('button', { name: group, exact: true })).toBeVisible()
    }

    const active = nav.locator('[aria-current="page"]')
    await expect(active).toHaveCount(1)
    await expect(active).toHaveText('render')
    await expect(active).toHaveAttribute('href', '/react-native-testing-library/docs/api/render')
    await expect(nav.getByRole('button', { name: 'API reference: collapse' })).toHaveAttribute('aria-expanded', 'true')

    // Migration Guides starts collapsed, its pages (and the nested Previous versions group) hidden.
    const migration = nav.getByRole('button', { name: 'Migration Guides', exact: true })
    await expect(migration).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Migration to 13.x' })).toBeHidden()
    await expect(nav.getByRole('button', { name: 'Previous versions', exact: true })).toBeHidden()
  })

  test('groups collapse and expand by click and by keyboard', async ({ page }) => {
    await open(page, '/docs/api/render')
    const nav = sidebarOf(page).getByRole('navigation', { name: 'Pages' })

    const migration = nav.getByRole('button', { name: 'Migration Guides', exact: true })
    await migration.click()
    await expect(migration).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Migration to 13.x' })).toBeVisible()
    const previous = nav.getByRole('button', { name: 'Previous versions', exact: true })
    await expect(previous).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Migration to 2.0' })).toBeVisible()
    await previous.click()
    await expect(previous).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Migration to 2.0' })).toBeHidden()
    await migration.click()
    await expect(migration).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Migration to 13.x' })).toBeHidden()

    const guides = nav.getByRole('button', { name: 'Guides', exact: true })
    await guides.focus()
    await page.keyboard.press('Enter')
    await expect(guides).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'How to query' })).toBeHidden()
    await page.keyboard.press('Space')
    await expect(guides).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'How to query' })).toBeVisible()

    // A group with its own page has a separate toggle button.
    const apiToggle = nav.getByRole('button', { name: 'API reference: collapse' })
    await apiToggle.click()
    await expect(nav.getByRole('button', { name: 'API reference: expand' })).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'render', exact: true })).toBeHidden()
  })

  test('a page inside Migration Guides opens that group', async ({ page }) => {
    await open(page, '/docs/migration/previous/v9')
    const nav = sidebarOf(page).getByRole('navigation', { name: 'Pages' })
    await expect(nav.getByRole('button', { name: 'Migration Guides', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    await expect(nav.getByRole('button', { name: 'Previous versions', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    const active = nav.locator('[aria-current="page"]')
    await expect(active).toHaveText('Migration to 9.x')
    await expect(active).toBeVisible()
  })

  test('clicking a sidebar link moves the active mark', async ({ page }) => {
    await open(page, '/docs/api/render')
    const nav = sidebarOf(page).getByRole('navigation', { name: 'Pages' })
    await nav.getByRole('link', { name: 'Fire Event' }).click()
    await expect(page).toHaveURL(rntl('/docs/api/events/fire-event'))
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Fire Event')
    await expect(nav.getByRole('link', { name: 'render', exact: true })).not.toHaveAttribute('aria-current', 'page')
  })
})

test.describe('doc page outline', () => {
  test.use({ viewport: desktop })

  test("is titled 'Contents' and lists h2 and deeper headings, never the h1", async ({ page }) => {
    await open(page, '/docs/api/render')
    const outline = outlineOf(page)
    await expect(outline.getByText('Contents', { exact: true })).toBeVisible()
    const links = outline.getByRole('link')
    const texts = await links.allTextContents()
    const headings = await page.locator('main article :is(h2, h3, h4, h5, h6)').allTextContents()
    expect(texts.length).toBeGreaterThan(5)
    expect(texts).toEqual(headings.map((text) => text.trim()))
    expect(texts).toContain('Options')
    expect(texts).toContain('wrapper')
    // The page's h1 ('render', #render) is not listed; the h2 `render` (#render-1) is.
    const h1 = page.getByRole('heading', { level: 1, name: 'render' })
    await expect(h1).toHaveAttribute('id', 'render')
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))
    expect(hrefs).not.toContain('#render')
    expect(hrefs[0]).toBe('#render-1')
  })

  test('an entry scrolls its heading to 72 px below the top', async ({ page }) => {
    await open(page, '/docs/api/render')
    await outlineOf(page).getByRole('link', { name: 'Render result' }).click()
    await expect(page).toHaveURL(/#render-result$/)
    const heading = page.getByRole('heading', { level: 2, name: 'Render result' })
    await expect.poll(async () => Math.round((await heading.boundingBox())?.y ?? -1)).toBeGreaterThanOrEqual(70)
    const top = (await heading.boundingBox())?.y ?? -1
    expect(top).toBeGreaterThanOrEqual(70)
    expect(top).toBeLessThanOrEqual(74)
    await expect(outlineOf(page).getByRole('link', { name: 'Render result' })).toHaveAttribute(
      'aria-current',
      'location',
    )
  })

  test('marks the heading in view while scrolling', async ({ page }) => {
    await open(page, '/docs/api/render')
    const outline = outlineOf(page)
    await expect(outline.locator('[aria-current="location"]')).toHaveCount(0)
    await page
      .getByRole('heading', { level: 2, name: 'Options' })
      .evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 60))
    await expect(outline.locator('[aria-current="location"]')).toHaveText('Options')
    await page
      .getByRole('heading', { level: 3, name: 'rerender', exact: true })
      .evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 60))
    await expect(outline.locator('[aria-current="location"]')).toHaveText('rerender')
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(outline.locator('[aria-current="location"]')).toHaveCount(0)
  })
})

test.describe('doc page footer', () => {
  test.use({ viewport: desktop })

  test('previous and next links follow the sidebar order', async ({ page }) => {
    await open(page, '/docs/api/render')
    const pager = page.getByRole('navigation', { name: 'Previous and next pages' })
    const prev = pager.getByRole('link', { name: /Previous Page/ })
    const next = pager.getByRole('link', { name: /Next page/ })
    await expect(prev).toHaveText(/Previous Page\s*API reference/)
    await expect(prev).toHaveAttribute('href', '/react-native-testing-library/docs/api')
    await expect(next).toHaveText(/Next page\s*screen/)
    await next.click()
    await expect(page).toHaveURL(rntl('/docs/api/screen'))
    await expect(page.getByRole('heading', { level: 1, name: 'screen' })).toBeVisible()
    await expect(pager.getByRole('link', { name: /Previous Page/ })).toHaveText(/render/)
  })

  test('the first page has only a next link', async ({ page }) => {
    await open(page, '/docs/start/intro')
    const pager = page.getByRole('navigation', { name: 'Previous and next pages' })
    await expect(pager.getByRole('link', { name: /Previous Page/ })).toHaveCount(0)
    await expect(pager.getByRole('link', { name: /Next page/ })).toHaveText(/Quick Start/)
  })

  test("shows the 'Last Updated' line and the edit link", async ({ page }) => {
    await open(page, '/docs/api/render')
    const article = page.getByRole('article')
    await expect(article.getByText(/^Last Updated: \w+ \d{1,2}, \d{4}$/)).toBeVisible()
    const edit = article.getByRole('link', { name: 'Edit this page on GitHub' })
    await expect(edit).toHaveAttribute(
      'href',
      'https://github.com/callstack/react-native-testing-library/edit/main/website/13.x/docs/api/render.md',
    )
    await expect(edit).toHaveAttribute('target', '_blank')
    await expect(edit).toHaveAttribute('rel', /noopener/)
  })
})

test.describe('doc page on a phone', () => {
  test.use({ viewport: mobile })

  test('the outline sits in the toolbar and its entries scroll to the heading', async ({ page }) => {
    await open(page, '/docs/api/render')
    await expect(page.getByRole('complementary', { name: 'Contents' })).toBeHidden()
    const toggle = page.getByRole('button', { name: 'Contents' })
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Render result' }).click()
    await expect(page).toHaveURL(/#render-result$/)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    // The heading lands below the navbar and the sticky toolbar, not under them.
    const heading = page.getByRole('heading', { level: 2, name: 'Render result' })
    await expect(heading).toBeInViewport()
    const toolbarBottom = await toggle.evaluate(
      (element) => element.closest('.doc-toolbar')?.getBoundingClientRect().bottom ?? 0,
    )
    expect(toolbarBottom).toBeGreaterThan(64)
    await expect.poll(async () => (await heading.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(toolbarBottom)
  })
})
