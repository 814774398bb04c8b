import type { Page } from '@playwright/test'
import { expect, hits, noResults, openPage, search, searchButton, searchDialog, searchInput, test } from './helpers.ts'

const payload = '<img src=x onerror=alert(1)>'

/** Every dialog (alert, confirm, prompt) the page opens, dismissed and recorded. */
function watchForInjection(page: Page): { dialogs: string[] } {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  return { dialogs }
}

/** Elements the payloads would make if they were parsed as HTML. */
async function injectedElements(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      document.querySelectorAll('img[src="x"], img[onerror], svg[onload]').length +
      [...document.scripts].filter(
        (script) => ['', 'module', 'text/javascript'].includes(script.type) && script.text.includes('alert('),
      ).length,
  )
}

test.describe('search never turns page text or queries into markup', () => {
  test('indexed text that looks like an <img onerror> tag shows as text', async ({ page }) => {
    const { dialogs } = watchForInjection(page)
    await openPage(page, '/docs/payload', 'searchXss')
    expect(await injectedElements(page)).toBe(0)
    await search(page, 'onerror')
    await expect(hits(page).first()).toBeVisible()
    const snippet = hits(page).filter({ hasText: payload }).first()
    await expect(snippet).toBeVisible()
    // The characters are there, with the match marked inside them...
    await expect(snippet.locator('mark').first()).toHaveText('onerror')
    // ...and no element was made of them.
    await expect(snippet.locator('img')).toHaveCount(0)
    // A heading holding a script tag is a section hit shown as text.
    await search(page, 'script')
    const section = searchDialog(page).getByRole('group', { name: 'Sections' }).getByRole('option').first()
    await expect(section).toContainText('Script tag <script>alert(2)</script> heading')
    await expect(section.locator('script')).toHaveCount(0)
    await page.waitForTimeout(300)
    expect(await injectedElements(page)).toBe(0)
    expect(dialogs).toEqual([])
  })

  test('a hostile query is shown as text in the no-results message', async ({ page }) => {
    const { dialogs } = watchForInjection(page)
    await openPage(page, '/docs/payload', 'searchXss')
    const hostile = '"><img src=x onerror=alert(3)><svg onload=alert(4)>qqzzxxjj'
    await search(page, hostile)
    await expect(hits(page).first().or(noResults(page))).toBeVisible()
    // Markup around made-up words: nothing is found, and the query is echoed as text.
    await search(page, '<svg onload=qqzzxxjj()>')
    await expect(
      searchDialog(page).getByText('No results for "<svg onload=qqzzxxjj()>".', { exact: true }),
    ).toBeVisible()
    await expect(searchDialog(page).locator('svg[onload]')).toHaveCount(0)
    await page.waitForTimeout(300)
    expect(await injectedElements(page)).toBe(0)
    expect(dialogs).toEqual([])
  })

  test('a hostile ?q= in the address neither fills the search nor reaches the DOM', async ({ page }) => {
    const { dialogs } = watchForInjection(page)
    const query = encodeURIComponent(`${payload}"><script>alert(6)</script>`)
    await openPage(page, `/docs/payload?q=${query}`, 'searchXss')
    await searchButton(page).click()
    // The modal does not read query parameters: it opens empty.
    await expect(searchInput(page)).toHaveValue('')
    await page.waitForTimeout(300)
    expect(await injectedElements(page)).toBe(0)
    expect(await page.content()).not.toContain('<img src=x onerror')
    expect(dialogs).toEqual([])
  })
})
