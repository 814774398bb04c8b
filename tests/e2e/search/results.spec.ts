import { expect, hits, openPage, results, routeOf, search, searchDialog, searchInput, test } from './helpers.ts'

const base = '/react-native-testing-library/'

test.describe('search results', () => {
  test('hits come grouped as pages, sections and content, each a link to the page or #section', async ({ page }) => {
    await openPage(page, '/docs/api/screen')
    await search(page, 'render')
    const groups = results(page).getByRole('group')
    await expect(groups).toHaveCount(3)
    await expect(groups.nth(0)).toHaveAccessibleName('Pages')
    await expect(groups.nth(1)).toHaveAccessibleName('Sections')
    await expect(groups.nth(2)).toHaveAccessibleName('Content')

    // Type names for screen readers, and at most 7 hits per group (SPEC §9).
    for (const [index, type] of ['Page', 'Section', 'Content'].entries()) {
      const options = groups.nth(index).getByRole('option')
      const count = await options.count()
      expect(count).toBeGreaterThan(0)
      expect(count).toBeLessThanOrEqual(7)
      for (let i = 0; i < count; i++) await expect(options.nth(i)).toHaveAccessibleName(new RegExp(`^${type}: `))
    }

    // The best page: the render API, linked without an anchor.
    const firstPage = groups.nth(0).getByRole('option').first()
    expect(routeOf(await firstPage.getAttribute('href'))).toBe('/docs/api/render')
    // Section hits link to their heading's anchor; content hits to the page (text before the first heading) or a
    // section.
    const hrefsOf = (index: number) =>
      groups
        .nth(index)
        .getByRole('option')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    for (const href of await hrefsOf(1)) expect(href).toMatch(new RegExp(`^${base}[\\w/.-]*#[\\w-]+$`))
    const contentHrefs = await hrefsOf(2)
    for (const href of contentHrefs) expect(href).toMatch(new RegExp(`^${base}[\\w/.-]*(#[\\w-]+)?$`))
    expect(contentHrefs.some((href) => href?.includes('#'))).toBe(true)
    // Section hits show the heading with the match marked.
    const firstSection = groups.nth(1).getByRole('option').first()
    await expect(firstSection.locator('mark').first()).toHaveText(/^render/i)
  })

  test('"getByRole" shows the queries page first, with the match marked in a ~100 character snippet', async ({
    page,
  }) => {
    await openPage(page, '/docs/api/render')
    await search(page, 'getByRole')
    const first = hits(page).first()
    expect(routeOf(await first.getAttribute('href'))).toMatch(/^\/docs\/api\/queries#/)
    await expect(first).toHaveAttribute('aria-selected', 'true')

    const contentHits = results(page).getByRole('group', { name: 'Content' }).getByRole('option')
    const count = await contentHits.count()
    expect(count).toBeGreaterThan(2)
    for (let i = 0; i < count; i++) {
      const option = contentHits.nth(i)
      const marks = await option.locator('mark').allTextContents()
      expect(marks.length, `marks in content hit ${i}`).toBeGreaterThan(0)
      for (const mark of marks) expect(mark.toLowerCase()).toBe('getbyrole')
      const snippet = (await option.locator('.sheaf-search__hit-main').textContent()) ?? ''
      expect(snippet.toLowerCase()).toContain('getbyrole')
      // About 100 characters: never a whole section, never a stub.
      expect(snippet.length, snippet).toBeGreaterThanOrEqual(40)
      expect(snippet.length, snippet).toBeLessThanOrEqual(120)
    }
    // Marks are real elements around the text, not markup shown as text.
    await expect(first).not.toContainText('<mark>')
  })

  // One page and one index load for the three spellings: each query replaces the last one's hits.
  test('a prefix, a typo or another case ("getByR", "getByRloe", "GETBYROLE") still finds the queries page', async ({
    page,
  }) => {
    await openPage(page, '/docs/api/render')
    for (const query of ['getByR', 'getByRloe', 'GETBYROLE']) {
      await test.step(query, async () => {
        await search(page, query)
        await expect(hits(page).first()).toBeVisible()
        // Polled: the hits shown must be this query's, not the previous one's on their way out.
        await expect
          .poll(
            async () => {
              const answered =
                (await searchInput(page).inputValue()) === query &&
                (await results(page).getAttribute('aria-busy')) === 'false'
              const routes = (
                await hits(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')))
              ).map((href) => routeOf(href).split('#')[0])
              return answered ? routes.slice(0, 3) : []
            },
            { message: `the top three hits for "${query}"` },
          )
          .toContain('/docs/api/queries')
      })
    }
  })

  test('an empty query shows nothing, and clearing the query removes the results', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await search(page, '')
    await page.waitForTimeout(400)
    await expect(results(page)).toHaveCount(0)
    await expect(searchDialog(page).getByText(/No results/)).toHaveCount(0)
    await searchInput(page).fill('render')
    await expect(hits(page).first()).toBeVisible()
    await searchInput(page).fill('   ')
    await expect(results(page)).toHaveCount(0)
    await expect(searchDialog(page).getByText(/No results/)).toHaveCount(0)
    await searchInput(page).fill('render')
    await expect(hits(page).first()).toBeVisible()
    await searchDialog(page).getByRole('button', { name: 'Clear the query' }).click()
    await expect(searchInput(page)).toHaveValue('')
    await expect(searchInput(page)).toBeFocused()
    await expect(results(page)).toHaveCount(0)
  })

  test('a query without hits says so in the exact words of the spec', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await search(page, 'qwxzvjkq')
    const dialog = searchDialog(page)
    await expect(dialog.getByText('No results for "qwxzvjkq".', { exact: true })).toBeVisible()
    await expect(dialog.getByText('Please try again with a different keyword.', { exact: true })).toBeVisible()
    await expect(dialog.getByText('No results found', { exact: true })).toBeVisible()
    await expect(results(page)).toHaveCount(0)
    await expect(searchInput(page)).toHaveAttribute('aria-expanded', 'false')
    await expect(searchInput(page)).not.toHaveAttribute('aria-activedescendant')
    // Typing on replaces the message with results.
    await searchInput(page).fill('render')
    await expect(hits(page).first()).toBeVisible()
    await expect(dialog.getByText(/No results/)).toHaveCount(0)
  })

  test('the shown results always answer the query in the input', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await search(page, 'jotai')
    await expect(hits(page).first()).toBeVisible()
    // Type fast, character by character: the debounce must settle on the last text.
    await searchInput(page).fill('')
    await searchInput(page).pressSequentially('waitFor', { delay: 20 })
    await expect(hits(page).first().locator('mark').first()).toHaveText(/^waitfor/i)
    const routes = (await hits(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')))).map(
      (href) => routeOf(href).split('#')[0],
    )
    expect(routes.slice(0, 3)).toContain('/docs/api/misc/async')
  })
})
