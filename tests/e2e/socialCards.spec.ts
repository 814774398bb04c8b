import { expect, test } from '@playwright/test'
import { layerSvg, rasterize, withBackground, type CardContent } from '../../plugins/social-cards/renderCard.ts'
import { decodeRgbPng } from '../decodeRgbPng.ts'
import { siteUrl } from './sites.ts'

// The built site's cards are drawn from a glyph atlas, not by satori: each must still show what
// satori would draw for its page (title, section, version, site name), to a tolerance a wrong
// word or a misplaced line fails.

const deployed = 'https://callstack.github.io/react-native-testing-library/'

/** Channels that differ by more than an anti-aliasing step from satori's drawing of `content`. */
async function farFromSatori(card: Buffer, content: CardContent): Promise<number> {
  const whole = await rasterize(withBackground(await layerSvg(content, 'whole')))
  let far = 0
  for (let pixel = 0; pixel < 1200 * 630; pixel++)
    for (let channel = 0; channel < 3; channel++)
      if (Math.abs(card[pixel * 3 + channel] - whole[pixel * 4 + channel]) > 96) far++
  return far
}

test("a page's og:image is its card: a 1200x630 PNG showing its title, section and version as satori draws them", async ({
  page,
  request,
}) => {
  const siteName = 'React Native Testing Library'
  for (const [route, content] of [
    ['/docs/api/render', { title: 'render', section: 'API reference', version: '13.x', siteName }],
    ['/12.x/docs/api/render', { title: 'render', section: 'API reference', version: '12.x', siteName }],
  ] as const) {
    await page.goto(siteUrl('rntl', route))
    const image = (await page.locator('meta[property="og:image"]').getAttribute('content')) as string
    expect(image.startsWith(deployed)).toBe(true)
    const png = await (await request.get(siteUrl('rntl', `/${image.slice(deployed.length)}`))).body()
    const card = decodeRgbPng(png)
    expect([card.width, card.height]).toEqual([1200, 630])
    expect(await farFromSatori(card.rgb, content), route).toBe(0)
    // The check tells titles apart: the same card is far from another page's drawing.
    expect(await farFromSatori(card.rgb, { ...content, title: 'screen' })).toBeGreaterThan(1000)
  }
})
