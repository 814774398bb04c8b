import { expect, test } from '@playwright/test'
import { crawlSite, hydrationNoise } from './siteCrawl.ts'
import { sites, siteUrl } from './sites.ts'

// tests/fixtures/site-template: the site's `team` plugin creates /team/ada and /team/grace from the
// site's own template (site/templates/Member.tsx, found by `$path`), inside the default theme's
// layout; its footer is a static query, whose results ship once, in one file, for the whole site.
const { base, port } = sites.siteTemplate
const origin = `http://127.0.0.1:${port}`
const footer = 'Sheaf team has 2 members: Ada (Engine), Grace (Theme </script><script>window.__pwned = true</script>)'

test('every page answers, the template pages included, and each hydrates without warnings', async ({
  page,
  request,
}) => {
  const { routes, problems } = await crawlSite(request, origin, base, [base, `${base}team/ada`])
  expect(problems).toEqual([])
  expect(routes).toEqual(expect.arrayContaining([`${base}team/ada`, `${base}team/grace`, `${base}guide/start`]))
  expect(await hydrationNoise(page, origin, routes)).toEqual([])
})

test("a template page shows its member (found by the page's path) and the static query's footer, in the HTML", async ({
  request,
}) => {
  const html = await (await request.get(siteUrl('siteTemplate', '/team/grace'))).text()
  expect(html).toContain('<h1>Grace</h1>')
  // Data is content: the role's `</script>` is text in the HTML, and escaped in the inline data.
  expect(html).toContain('Theme &lt;/script&gt;&lt;script&gt;window.__pwned = true&lt;/script&gt;')
  expect(html).not.toContain('<script>window.__pwned')
  // The results are not in the page's data: the data names the one file that holds them.
  const data = JSON.parse(/<script id="__SHEAF_DATA__"[^>]*>([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as {
    staticQueries?: string
    data: Record<string, unknown>
  }
  expect(JSON.stringify(data.data)).not.toContain('members:')
  expect(data.staticQueries).toMatch(new RegExp(`^${base}_sheaf/static/[0-9a-f]{16}\\.json$`))
  const results = await (await request.get(`${origin}${data.staticQueries}`)).text()
  expect(results).toContain('"team":[{"name":"Ada"')
  expect(results).not.toContain('</script>')
})

test('a client navigation between two template pages keeps the static query, with one load of its file', async ({
  page,
}) => {
  const loads: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/_sheaf/static/')) loads.push(request.url())
  })
  await page.goto(siteUrl('siteTemplate', '/team/ada'))
  await page.locator('html[data-sheaf-hydrated]').waitFor()
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Ada' })).toBeVisible()
  await main.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Grace' }).click()
  await expect(page).toHaveURL(siteUrl('siteTemplate', '/team/grace'))
  await expect(main.getByRole('heading', { level: 1, name: 'Grace' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Team footer' })).toContainText(footer)
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined()
  expect(loads).toHaveLength(1)
})
