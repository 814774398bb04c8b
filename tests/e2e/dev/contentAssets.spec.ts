import { expect, test } from '@playwright/test'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fixtureDevServer } from './fixtureDevServer.ts'

/**
 * Images outside the public folder in `sheaf dev`: an image an MDX page imports as a value, and
 * one a markdown image names next to the page, load at the URL a build copies them to
 * (`/fixture/assets/<name>-<hash>.png`); an SVG with script is refused at its line in the overlay
 * while the other pages are served, and its URL serves nothing.
 */
test.describe.configure({ mode: 'serial' })

// A 1x1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const { siteDir, openHydrated, url } = fixtureDevServer('dev-content-assets', 5750, (dir) => {
  fs.mkdirSync(path.join(dir, 'content/assets'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'content/assets/diagram.png'), png)
  fs.writeFileSync(path.join(dir, 'content/docs/local.png'), png)
  const page =
    "---\ntitle: Images\n---\n\nimport diagram from '../assets/diagram.png'\n\n# Images\n\n" +
    '<img src={diagram} alt="Diagram" />\n\n![Local](./local.png)\n'
  fs.writeFileSync(path.join(dir, 'content/docs/images.mdx'), page)
})

test('an imported image and a markdown image load from the assets under the base', async ({ page, request }) => {
  await openHydrated(page, '/docs/images')
  for (const [alt, name] of [
    ['Diagram', 'diagram'],
    ['Local', 'local'],
  ]) {
    const image = page.getByRole('img', { name: alt, exact: true })
    const src = await image.getAttribute('src')
    expect(src).toMatch(new RegExp(`^/fixture/assets/${name}-[A-Za-z0-9_-]{8}\\.png$`))
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0)
    const response = await request.get(url(String(src).slice('/fixture'.length)))
    expect(response.headers()['content-type']).toBe('image/png')
    expect(Buffer.from(await response.body())).toEqual(png)
  }
})

test('an image saved alone shows as it is now: at the URL its page has, or its new one after the rebuild', async ({
  page,
  request,
}) => {
  await openHydrated(page, '/docs/images')
  const edited = Buffer.concat([png, Buffer.from('edited')])
  fs.writeFileSync(path.join(siteDir, 'content/assets/diagram.png'), edited)
  const served = async () => {
    await page.reload()
    const src = String(await page.getByRole('img', { name: 'Diagram', exact: true }).getAttribute('src'))
    const response = await request.get(url(src.slice('/fixture'.length)))
    return response.ok() && Buffer.from(await response.body()).equals(edited)
  }
  await expect.poll(served, { timeout: 20_000 }).toBe(true)
})

test('an SVG with script is refused at its line in the overlay, and its URL serves nothing', async ({
  page,
  request,
}) => {
  await openHydrated(page, '/docs/images')
  fs.writeFileSync(
    path.join(siteDir, 'content/assets/bad.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  )
  const text =
    '---\ntitle: Images\n---\n\nimport bad from \'../assets/bad.svg\'\n\n# Images\n\n<img src={bad} alt="Bad" />\n'
  fs.writeFileSync(path.join(siteDir, 'content/docs/images.mdx'), text)
  const overlay = page.locator('vite-error-overlay')
  await expect(overlay).toHaveCount(1, { timeout: 20_000 })
  await expect(overlay).toContainText('content/docs/images.mdx:9')
  await expect(overlay).toContainText('holds script')
  expect((await request.get(url('/docs/guide'))).status()).toBe(200)
  // The URL it would have (the build's naming) answers nothing: it was never registered.
  const svg = fs.readFileSync(path.join(siteDir, 'content/assets/bad.svg'))
  const hash = createHash('sha256').update(svg).digest('base64url').slice(0, 8)
  const refused = await request.get(url(`/assets/bad-${hash}.svg`))
  expect(refused.status()).toBe(404)
  expect(await refused.text()).not.toContain('<script>')
})
