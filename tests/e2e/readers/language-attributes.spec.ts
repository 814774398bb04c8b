import { expect, test, type BrowserContext } from '@playwright/test'
import { siteUrl } from '../sites.ts'

/** Marks the first visit as done, so the browser-language redirect stays out of the way. */
async function visited(context: BrowserContext) {
  await context.addInitScript(() => localStorage.setItem('sheaf-visited', '1'))
}

test.describe('<html lang> and dir follow the page’s language (i18n fixture)', () => {
  test('switching language with the switcher (a client navigation) updates lang and dir, both ways', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-US' })
    await visited(context)
    const page = await context.newPage()
    await page.goto(siteUrl('i18n', '/guide/start'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    const html = page.locator('html')
    await expect(html).toHaveAttribute('lang', 'en')
    await expect(html).toHaveAttribute('dir', 'ltr')
    // A client navigation: the document stays, so a marker set on it survives.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    await page.getByRole('button', { name: /English/ }).click()
    await page.getByRole('link', { name: '简体中文' }).first().click()
    await expect(page).toHaveURL(/\/i18n\/zh\/guide\/start$/)
    await expect(page.getByRole('heading', { level: 1, name: '快速开始' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
    await expect(html).toHaveAttribute('lang', 'zh')
    await expect(html).toHaveAttribute('dir', 'ltr')
    await page.getByRole('button', { name: /简体中文/ }).click()
    await page.getByRole('link', { name: 'English' }).first().click()
    await expect(page).toHaveURL(/\/i18n\/guide\/start$/)
    await expect(html).toHaveAttribute('lang', 'en')
    await context.close()
  })

  test('the Chinese 404 page is served with lang="zh", and keeps it after hydration', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' })
    await visited(context)
    const page = await context.newPage()
    const served = await (await page.request.get(siteUrl('i18n', '/zh/404'))).text()
    expect(served).toMatch(/<html lang="zh" dir="ltr">/)
    await page.goto(siteUrl('i18n', '/zh/no-such-page'))
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await expect(page.getByText('页面未找到')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh')
    await context.close()
  })

  test('a site without the llms plugin offers no "Copy page as Markdown" (there is no twin)', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' })
    await visited(context)
    const page = await context.newPage()
    const response = await page.goto(siteUrl('i18n', '/guide/start'))
    expect(response?.status()).toBe(200)
    await page.locator('html[data-sheaf-hydrated]').waitFor()
    await expect(page.getByRole('heading', { level: 1, name: 'Getting started' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Copy page as Markdown' })).toHaveCount(0)
    expect((await page.request.get(siteUrl('i18n', '/guide/start.md'))).status()).toBe(404)
    await context.close()
  })
})
