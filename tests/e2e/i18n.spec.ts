import { expect, test, type BrowserContext } from '@playwright/test'
import { siteUrl } from './sites.ts'

/** Marks the first visit as done, so the browser-language redirect stays out of the way. */
async function visited(context: BrowserContext) {
  await context.addInitScript(() => localStorage.setItem('sheaf-visited', '1'))
}

test.describe('two languages (i18n fixture: English default, Chinese under /zh/)', () => {
  test('prefixes only the non-default language and tags each page with its language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' })
    await visited(context)
    const page = await context.newPage()
    await page.goto(siteUrl('i18n', '/guide/start'))
    await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await page.goto(siteUrl('i18n', '/zh/guide/start'))
    await expect(page.getByRole('heading', { level: 1, name: '快速开始' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh')
    await context.close()
  })

  test('shows translated UI texts on Chinese pages', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' })
    await visited(context)
    const page = await context.newPage()
    await page.goto(siteUrl('i18n', '/zh/guide/next'))
    await expect(page.getByText('上一页')).toBeVisible()
    await expect(
      page
        .getByRole('button', { name: /搜索文档/ })
        .or(page.getByText('搜索文档'))
        .first(),
    ).toBeVisible()
    await page.goto(siteUrl('i18n', '/zh/guide/start'))
    await expect(page.getByText('下一页')).toBeVisible()
    await expect(page.getByRole('complementary').getByText('目录', { exact: true })).toBeVisible()
    await page.goto(siteUrl('i18n', '/zh/no-such-page'))
    await expect(page.getByText('页面未找到')).toBeVisible()
    await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/i18n/zh/')
    await context.close()
  })

  test('the language switcher goes to the same page in the other language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' })
    await visited(context)
    const page = await context.newPage()
    await page.goto(siteUrl('i18n', '/guide/start'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await page.getByRole('button', { name: /English/ }).click()
    await page
      .getByRole('menuitem', { name: '简体中文' })
      .or(page.getByRole('link', { name: '简体中文' }))
      .first()
      .click()
    await expect(page).toHaveURL(/\/i18n\/zh\/guide\/start$/)
    await expect(page.getByRole('heading', { level: 1, name: '快速开始' })).toBeVisible()
    await context.close()
  })

  test('a path with the default language prefix redirects to the path without it', async ({ page }) => {
    await page.goto(siteUrl('i18n', '/en/guide/start'))
    await expect(page).toHaveURL(/\/i18n\/guide\/start$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible()
  })

  test('the first visit follows the browser language once, then remembers', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' })
    const page = await context.newPage()
    await page.goto(siteUrl('i18n', '/guide/start'))
    await expect(page).toHaveURL(/\/i18n\/zh\/guide\/start$/)
    expect(await page.evaluate(() => localStorage.getItem('sheaf-visited'))).toBe('1')
    await page.goto(siteUrl('i18n', '/guide/start'))
    await expect(page).toHaveURL(/\/i18n\/guide\/start$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible()
    await context.close()
  })

  test('shows no language switcher on a one-language site', async ({ page }) => {
    await page.goto(siteUrl('rntl', '/docs/api/render'))
    await expect(page.getByRole('button', { name: /English/ })).toHaveCount(0)
  })
})
