import { expect, test } from '@playwright/test'
import { siteUrl } from './sites.ts'

const deployed = 'https://callstack.github.io/react-native-testing-library/'
/** A deployed URL from the site's files, as a URL of the local test server. */
const local = (url: string) => siteUrl('rntl', `/${url.slice(deployed.length)}`)

test.describe('publishing: llms.txt, markdown twins, sitemap, social cards, redirects', () => {
  test('llms.txt lists every 13.x page by sidebar section, linking to markdown twins that exist', async ({
    request,
  }) => {
    const text = await (await request.get(siteUrl('rntl', '/llms.txt'))).text()
    expect(text).toMatch(/^# React Native Testing Library\n\n> /)
    for (const section of [
      '## Getting started',
      '## API reference',
      '## Guides',
      '## Advanced Guides',
      '## Migration Guides',
      '## Basic Recipes',
    ])
      expect(text).toContain(section)
    const links = [...text.matchAll(/\]\((https:[^)]+)\)/g)].map((match) => match[1])
    expect(links.length).toBe(33)
    expect(links.every((link) => !link.includes('/12.x/'))).toBe(true)
    for (const link of links) {
      const response = await request.get(local(link))
      expect(response.status(), link).toBe(200)
    }
    expect(text).toMatch(
      /- \[render\]\(https:\/\/callstack\.github\.io\/react-native-testing-library\/docs\/api\/render\.md\): .+/,
    )
  })

  test('each version has its own llms.txt and llms-full.txt', async ({ request }) => {
    const older = await (await request.get(siteUrl('rntl', '/12.x/llms.txt'))).text()
    expect(older).toMatch(/^# React Native Testing Library 12\.x/)
    expect(older).toContain('/12.x/docs/migration/v12.md')
    const full = await (await request.get(siteUrl('rntl', '/llms-full.txt'))).text()
    expect(full.length).toBeGreaterThan(100_000)
    expect(full).toContain('# render')
  })

  test('a markdown twin is clean markdown with absolute links', async ({ request }) => {
    const twin = await (await request.get(siteUrl('rntl', '/docs/start/quick-start.md'))).text()
    expect(twin.startsWith('---')).toBe(false)
    expect(twin).toMatch(/^# /)
    expect(twin).not.toMatch(/<PackageManagerTabs|:::/)
    expect(twin).toContain('npm install --save-dev @testing-library/react-native')
    const links = [...twin.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]).filter((href) => !href.startsWith('#'))
    for (const href of links) expect(href).toMatch(/^https?:\/\//)
  })

  test('sitemap.xml lists every page with lastmod, and robots.txt points to it', async ({ page, request }) => {
    const xml = await (await request.get(siteUrl('rntl', '/sitemap.xml'))).text()
    await page.goto(siteUrl('rntl', '/'))
    const entries = await page.evaluate((source) => {
      const document = new DOMParser().parseFromString(source, 'application/xml')
      if (document.querySelector('parsererror')) throw new Error('sitemap.xml is not well-formed XML')
      return [...document.getElementsByTagName('url')].map((url) => ({
        loc: url.getElementsByTagName('loc')[0]?.textContent ?? '',
        lastmod: url.getElementsByTagName('lastmod')[0]?.textContent ?? '',
      }))
    }, xml)
    expect(entries).toHaveLength(66)
    for (const entry of entries) {
      expect(entry.loc.startsWith(deployed)).toBe(true)
      expect((await request.get(local(entry.loc))).status(), entry.loc).toBe(200)
    }
    expect(entries.filter((entry) => /^\d{4}-\d{2}-\d{2}$/.test(entry.lastmod)).length).toBeGreaterThan(0)
    const robots = await (await request.get(siteUrl('rntl', '/robots.txt'))).text()
    expect(robots).toContain(`Sitemap: ${deployed}sitemap.xml`)
  })

  test('every page has a 1200x630 PNG social card in og:image and twitter:card', async ({ page, request }) => {
    for (const route of ['/docs/api/render', '/12.x/docs/guides/faq', '/']) {
      await page.goto(siteUrl('rntl', route))
      const image = await page.locator('meta[property="og:image"]').getAttribute('content')
      expect(image).toMatch(/\.png$/)
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
      const png = await (await request.get(local(image as string))).body()
      expect(png.subarray(1, 4).toString()).toBe('PNG')
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
    }
  })

  test('a configured redirect lands on its target in the browser', async ({ page }) => {
    await page.goto(siteUrl('rntl', '/docs/getting-started'))
    await expect(page).toHaveURL(/\/react-native-testing-library\/docs\/start\/intro$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('a 12.x page names the same 13.x page as canonical and says it is an older version', async ({ page }) => {
    await page.goto(siteUrl('rntl', '/12.x/docs/api/render'))
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${deployed}docs/api/render`)
    const banner = page.getByRole('note').filter({ hasText: 'You are reading the docs for 12.x, an older version' })
    await expect(banner).toBeVisible()
    await banner.getByRole('link').click()
    await expect(page).toHaveURL(/\/react-native-testing-library\/docs\/api\/render$/)
    await expect(page.getByRole('note').filter({ hasText: 'an older version' })).toHaveCount(0)
    // A 12.x-only page keeps its own canonical.
    await page.goto(siteUrl('rntl', '/12.x/docs/migration/v12'))
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${deployed}12.x/docs/migration/v12`)
  })

  test('"Copy page as Markdown" copies the page\'s markdown twin', async ({ browser }) => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
    const page = await context.newPage()
    await page.goto(siteUrl('rntl', '/docs/api/render'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click()
    await expect(page.getByRole('button', { name: 'Copied as Markdown' })).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toMatch(/^# render/)
    expect(copied).toContain('](https://callstack.github.io/react-native-testing-library/')
    await context.close()
  })
})
