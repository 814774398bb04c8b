import { expect, test, type Page } from '@playwright/test'
import { siteUrl } from '../sites.ts'

// The head from any depth of the tree (ADR 6), on tests/fixtures/head: the config says a
// description, the layout a title and a description, the template the page's title and
// description, and an MDX component (`<Description>`) a description of its own. A plugin says each
// page's og:image and adds a document script; og:title mirrors the final title.

/** The head as the document holds it now: the title elements and the description metas. */
async function headOf(page: Page) {
  return page.evaluate(() => ({
    titles: [...document.querySelectorAll('title')].map((title) => title.textContent),
    descriptions: [...document.querySelectorAll('meta[name="description"]')].map((meta) =>
      meta.getAttribute('content'),
    ),
    themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    lang: document.documentElement.lang,
    ogTitles: [...document.querySelectorAll('meta[property="og:title"]')].map((meta) => meta.getAttribute('content')),
    ogImages: [...document.querySelectorAll('meta[property="og:image"]')].map((meta) => meta.getAttribute('content')),
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

/** The head each page should have, wherever it is reached from. */
const headFor = (title: string, description: string, image: string) => ({
  titles: [`${title} | Head Fixture`],
  descriptions: [description],
  themeColor: '#123456',
  lang: 'en-GB',
  ogTitles: [`${title} | Head Fixture`],
  ogImages: [`https://cards.example/${image}.png`],
})
const componentHead = headFor('Component page', 'From the MDX component.', 'docs/component')
const templateHead = headFor('Template page', 'From the template.', 'docs/template')

const countOf = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, 'g'))?.length ?? 0

test.describe('the head from any component', () => {
  test("the server HTML holds the template's title and the MDX component's description, once each", async ({
    request,
  }) => {
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
    // og:title mirrors the template's title (not the layout's default); the plugin's og:image is the page's.
    expect(countOf(template, /<meta[^>]* property="og:title"/)).toBe(1)
    expect(template).toContain('<meta property="og:title" content="Template page | Head Fixture" data-sheaf-title>')
    expect(countOf(template, /<meta[^>]* property="og:image"/)).toBe(1)
    expect(template).toContain(
      '<meta data-rh="true" property="og:image" content="https://cards.example/docs/template.png">',
    )
  })

  test('after hydration and after each client navigation, the deepest title and description hold, once each', async ({
    page,
  }) => {
    const problems = watchConsole(page)
    await page.goto(siteUrl('head', '/'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await expect(page).toHaveTitle('Home | Head Fixture')
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'))

    await page.getByRole('link', { name: 'the component page' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Component page' })).toBeVisible()
    await expect(page).toHaveTitle('Component page | Head Fixture')
    await expect.poll(() => headOf(page)).toEqual(componentHead)

    await page.getByRole('link', { name: 'Template page' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Template page' })).toBeVisible()
    await expect.poll(() => headOf(page)).toEqual(templateHead)

    await page.goBack()
    await expect.poll(() => headOf(page)).toEqual(componentHead)
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document')
    // The plugin's script is the document's: it ran once, and no navigation ran it again.
    expect(await page.evaluate(() => (window as unknown as { pageCardRuns?: number }).pageCardRuns)).toBe(1)
    expect(problems).toEqual([])
  })

  test('a page opened directly hydrates with the same head the server wrote', async ({ page }) => {
    const problems = watchConsole(page)
    await page.goto(siteUrl('head', '/docs/component'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await expect.poll(() => headOf(page)).toEqual(componentHead)
    expect(problems).toEqual([])
  })
})
