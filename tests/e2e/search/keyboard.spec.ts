import type { Page } from '@playwright/test'
import { expect, hits, openPage, routeOf, search, searchButton, searchDialog, searchInput, test } from './helpers.ts'

/** The current hit, as the input announces it, checked against the one option marked selected. */
async function currentHit(page: Page): Promise<number> {
  const activeId = await searchInput(page).getAttribute('aria-activedescendant')
  const states = await hits(page).evaluateAll((links) =>
    links.map((link) => ({ id: link.id, selected: link.getAttribute('aria-selected') })),
  )
  const selected = states.flatMap((state, index) => (state.selected === 'true' ? [index] : []))
  expect(selected, 'exactly one option is selected').toHaveLength(1)
  expect(states[selected[0]].id, 'aria-activedescendant names the selected option').toBe(activeId)
  return selected[0]
}

test.describe('keyboard and mouse in the results', () => {
  test('arrow keys move the current hit and wrap around both ends', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await search(page, 'render')
    await expect(hits(page).first()).toBeVisible()
    const count = await hits(page).count()
    expect(count).toBeGreaterThan(3)
    expect(await currentHit(page)).toBe(0)
    await page.keyboard.press('ArrowDown')
    expect(await currentHit(page)).toBe(1)
    await page.keyboard.press('ArrowDown')
    expect(await currentHit(page)).toBe(2)
    await page.keyboard.press('ArrowUp')
    expect(await currentHit(page)).toBe(1)
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    expect(await currentHit(page), 'ArrowUp on the first hit wraps to the last').toBe(count - 1)
    await page.keyboard.press('ArrowDown')
    expect(await currentHit(page), 'ArrowDown on the last hit wraps to the first').toBe(0)
    // Focus never left the input, and the caret did not move to the start or end.
    await expect(searchInput(page)).toBeFocused()
    await expect(searchInput(page)).toHaveValue('render')
    // The last hit scrolls into view when it becomes current.
    await page.keyboard.press('ArrowUp')
    await expect(hits(page).nth(count - 1)).toBeInViewport()
  })

  test('mouse hover and the keyboard agree on the current hit', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await search(page, 'render')
    await expect(hits(page).nth(3)).toBeVisible()
    await hits(page).nth(2).hover()
    expect(await currentHit(page)).toBe(2)
    await page.keyboard.press('ArrowDown')
    expect(await currentHit(page)).toBe(3)
    await hits(page).nth(1).hover()
    expect(await currentHit(page)).toBe(1)
    await page.keyboard.press('ArrowUp')
    expect(await currentHit(page)).toBe(0)
    // Enter opens the current hit, the one the mouse last chose and the keys moved.
    const href = await hits(page).nth(0).getAttribute('href')
    await page.keyboard.press('Enter')
    await expect(searchDialog(page)).toHaveCount(0)
    expect(routeOf(page.url())).toBe(routeOf(href))
  })

  test('a new query makes its first hit current again', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await search(page, 'render')
    await expect(hits(page).nth(3)).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    expect(await currentHit(page)).toBe(2)
    await searchInput(page).fill('screen')
    await expect(hits(page).first().locator('mark').first()).toHaveText(/^screen$/i)
    expect(await currentHit(page)).toBe(0)
  })

  test('Enter opens the hit by client navigation and lands on its section', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'))
    await search(page, 'getByRole')
    await expect(hits(page).first()).toBeVisible()
    await page.keyboard.press('ArrowDown')
    const href = (await hits(page).nth(1).getAttribute('href')) ?? ''
    const [route, anchor] = routeOf(href).split('#')
    expect(anchor).toBeTruthy()
    await page.keyboard.press('Enter')
    await expect(searchDialog(page)).toHaveCount(0)
    await expect(page).toHaveURL(new URL(href, page.url()).href)
    expect(routeOf(page.url()).split('#')[0]).toBe(route)
    const target = page.locator(`[id="${anchor}"]`)
    await expect(target).toBeInViewport()
    // Below the sticky navbar (anchor offset 72 px), not under it.
    const top = await target.evaluate((element) => element.getBoundingClientRect().top)
    expect(top).toBeGreaterThanOrEqual(40)
    expect(top).toBeLessThan(200)
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload')
    // After a navigation, focus is not forced back to the search button.
    await expect(searchButton(page)).not.toBeFocused()
  })

  test('a click on a hit also navigates without a reload', async ({ page }) => {
    await openPage(page, '/docs/api/render')
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'no reload'))
    await search(page, 'jotai')
    const first = hits(page).first()
    const href = (await first.getAttribute('href')) ?? ''
    await first.click()
    await expect(searchDialog(page)).toHaveCount(0)
    await expect(page).toHaveURL(new URL(href, page.url()).href)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/jotai/i)
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no reload')
  })
})
