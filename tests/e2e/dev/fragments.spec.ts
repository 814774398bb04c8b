import { expect, test } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { fixtureDevServer } from './fixtureDevServer.ts'

/**
 * MDX fragments in the dev server: a save of a fragment (no page of its own) updates the page
 * that imports it, in place; a cycle shows in the overlay with the chain while every other page
 * is served (the dev server keeps going past broken files), and clears when fixed.
 */
test.describe.configure({ mode: 'serial' })

const { siteDir, openHydrated } = fixtureDevServer('dev-fragments', 5614, (dir) => {
  const config = path.join(dir, 'site/config.ts')
  fs.writeFileSync(
    config,
    fs
      .readFileSync(config, 'utf8')
      .replace(
        "plugins: [files({ dir: 'content' })]",
        "markdown: { fragments: ['content/**/_*.mdx'] },\n  plugins: [files({ dir: 'content' })]",
      ),
  )
  fs.writeFileSync(
    path.join(dir, 'content/docs/shared.mdx'),
    "---\ntitle: Shared\n---\n\nimport Note from './_note.mdx'\n\n# Shared\n\n<Note />\n",
  )
  fs.writeFileSync(path.join(dir, 'content/docs/_note.mdx'), '## From the fragment\n\nFirst version of the note.\n')
})
const file = (relative: string) => path.join(siteDir, relative)

test('an edit to a fragment updates the page that imports it, in place', async ({ page }) => {
  await openHydrated(page, '/docs/shared')
  await expect(page.getByRole('heading', { name: 'From the fragment' })).toBeVisible()
  await expect(page.getByText('First version of the note.')).toBeVisible()
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  fs.writeFileSync(file('content/docs/_note.mdx'), '## From the fragment\n\nSecond version of the note.\n')
  await expect(page.getByText('Second version of the note.')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
})

test('a cycle shows in the overlay with the chain, other pages are served, and it clears when fixed', async ({
  page,
  request,
}) => {
  await openHydrated(page, '/docs/shared')
  fs.writeFileSync(file('content/docs/_note.mdx'), "import Note from './_note.mdx'\n\n<Note />\n")
  const overlay = page.locator('vite-error-overlay')
  await expect(overlay).toHaveCount(1)
  await expect(overlay).toContainText('content/docs/shared.mdx -> content/docs/_note.mdx -> content/docs/_note.mdx')
  expect((await request.get(page.url().replace('/docs/shared', '/docs/guide'))).status()).toBe(200)
  fs.writeFileSync(file('content/docs/_note.mdx'), '## From the fragment\n\nThird version of the note.\n')
  await expect(overlay).toHaveCount(0)
  await expect(page.getByText('Third version of the note.')).toBeVisible()
})
