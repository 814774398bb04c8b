import { expect, test, type Page } from '@playwright/test'
import { siteUrl } from '../sites.ts'

// The head from any depth of the tree (ADR 6), on tests/fixtures/head: the config says a
// description, the layout a title and a description, the template the page's title and
// description, and an MDX component (`<Description>`) a description of its own.

/** The head as the document holds it now: the title elements and the description metas. */
async function headOf(page: Page) {
  return page.evaluate(() => ({
    titles: [...document.querySelectorAll('title')].map((title) => title.textContent),
    descriptions: [...document.querySelectorAll('meta[name="description"]')].map((meta) => meta.getAttribute('content')),
    themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    lang: document.documentElement.lang,
  }))
}

/** Collects console errors and warnings (hydration mismatches among them) and page errors. */
function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return problems
}

const countOf = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, 'g'))?.length ?? 0

test.describe('the head from any component', () => {
  test("the server HTML holds the template's title and the MDX component's description, once each", async ({ request }) => {
    const html = await (await request.get(siteUrl('head', '/docs/component'))).text()
    expect(countOf(html, /<title[ >]/)).toBe(1)
    expect(html).toContain('<title data-rh="true">Component page | Head Fixture</title>')
    expect(countOf(html, /<meta[^>]* name="description"/)).toBe(1)
    expect(html).toContain('content="From the MDX component."')
    expect(html).toMatch(/<html lang="en-GB" dir="ltr">/)
    // A config tag nothing deeper overrides stays, outside the client's Helmet (no data-rh).
    expect(html).toContain('<meta name="theme-color" content="#123456">')

    const template = await (await request.get(siteUrl('head', '/docs/template'))).text()
    expect(template).toContain('<title data-rh="true">Template page | Head Fixture</title>')
    expect(countOf(template, /<meta[^>]* name="description"/)).toBe(1)
    expect(template).toContain('content="From the template."')
  })

  test('after hydration and after each client navigation, the deepest title and description hold, once each', async ({ page }) => {
    const problems = watchConsole(page)
    await page.goto(siteUrl('head', '/'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await expect(page).toHaveTitle('Home | Head Fixture')
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'))

    await page.getByRole('link', { name: 'the component page' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Component page' })).toBeVisible()
    await expect(page).toHaveTitle('Component page | Head Fixture')
    await expect.poll(() => headOf(page)).toEqual({ titles: ['Component page | Head Fixture'], descriptions: ['From the MDX component.'], themeColor: '#123456', lang: 'en-GB' })

    await page.getByRole('link', { name: 'Template page' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Template page' })).toBeVisible()
    await expect.poll(() => headOf(page)).toEqual({ titles: ['Template page | Head Fixture'], descriptions: ['From the template.'], themeColor: '#123456', lang: 'en-GB' })

    await page.goBack()
    await expect.poll(() => headOf(page)).toEqual({ titles: ['Component page | Head Fixture'], descriptions: ['From the MDX component.'], themeColor: '#123456', lang: 'en-GB' })
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document')
    expect(problems).toEqual([])
  })

  test('a page opened directly hydrates with the same head the server wrote', async ({ page }) => {
    const problems = watchConsole(page)
    await page.goto(siteUrl('head', '/docs/component'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await expect.poll(() => headOf(page)).toEqual({ titles: ['Component page | Head Fixture'], descriptions: ['From the MDX component.'], themeColor: '#123456', lang: 'en-GB' })
    expect(problems).toEqual([])
  })
})
