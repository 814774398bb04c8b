import { expect, test } from '@playwright/test'
import { siteUrl } from '../sites.ts'

// The worked example of docs/data-layer.md (tests/fixtures/data-layer): Author nodes sourced from
// content/authors.json, pages linked to authors by front-matter (@link), authors to their pages
// (@link by a nested field), an Excerpt child per page, and a page per author from createPages.

test('a page shows its author (@link), its excerpt child, every author (allAuthor) and the tags (distinct)', async ({
  page,
}) => {
  await page.goto(siteUrl('dataLayer', '/posts/engines'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The analytical engine')
  await expect(page.locator('.byline')).toHaveText('By Ada Lovelace')
  await expect(page.locator('.excerpt')).toHaveText(
    'Excerpt: The analytical engine The engine weaves algebraic patterns',
  )
  await expect(page.getByRole('navigation', { name: 'Authors' }).getByRole('link')).toHaveText([
    'Ada Lovelace',
    'Grace Hopper',
  ])
  await expect(page.locator('.tags')).toHaveText('Tags: compilers, engines, math')
})

test(
  "each author's page (made in createPages) lists the pages that name them; " +
    "the byline's link leads there (client navigation)",
  async ({ page }) => {
    await page.goto(siteUrl('dataLayer', '/posts/engines'))
    await page.locator('.byline').getByRole('link', { name: 'Ada Lovelace' }).click()
    await expect(page).toHaveURL(siteUrl('dataLayer', '/authors/ada'))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ada Lovelace')
    await expect(page.locator('.born')).toHaveText('Born 1815; GitHub ada-l; from authors.json')
    await expect(page.getByRole('list', { name: 'Pages' }).getByRole('link')).toHaveText([
      'The analytical engine',
      'Notes on the engine',
    ])
    await page.goto(siteUrl('dataLayer', '/authors/grace'))
    await expect(page.getByRole('list', { name: 'Pages' }).getByRole('link')).toHaveText(['The first compiler'])
  },
)

test('allPage filters and sorts through the @link field author, as Gatsby does', async ({ page }) => {
  await page.goto(siteUrl('dataLayer', '/posts/engines'))
  await expect(page.locator('.early')).toHaveText(
    'By authors born before 1900: Notes on the engine, The analytical engine',
  )
  await expect(
    page.getByRole('list', { name: 'Pages by their author, youngest first' }).getByRole('listitem'),
  ).toHaveText(['The first compiler', 'Notes on the engine', 'The analytical engine'])
})

test('a page with no author in its front-matter has no byline', async ({ page }) => {
  await page.goto(siteUrl('dataLayer', '/'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data layer example')
  await expect(page.locator('.byline')).toHaveCount(0)
})
