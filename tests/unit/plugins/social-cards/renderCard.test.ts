import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compositeCard } from '../../../../plugins/social-cards/cardCompositor.ts'
import { pageRuns, templateRuns } from '../../../../plugins/social-cards/cardDesign.ts'
import { cardHeight, cardWidth } from '../../../../plugins/social-cards/cardSize.ts'
import { adler32, adler32Combine, BandedPngEncoder } from '../../../../plugins/social-cards/encodePng.ts'
import { drawRuns } from '../../../../plugins/social-cards/glyphAtlas.ts'
import {
  layerSvg,
  rasterize,
  renderCard,
  renderCards,
  templateOf,
  withBackground,
} from '../../../../plugins/social-cards/renderCard.ts'
import { decodeRgbPng } from '../../../decodeRgbPng.ts'

/** How a card differs from satori's drawing of the whole card (every part in one layout, with its overflow masks). */
async function differenceFromSatori(content: Parameters<typeof renderCard>[0]) {
  const card = decodeRgbPng(await renderCard(content))
  expect([card.width, card.height]).toEqual([cardWidth, cardHeight])
  const whole = await rasterize(withBackground(await layerSvg(content, 'whole')))
  let total = 0
  let far = 0
  for (let pixel = 0; pixel < cardWidth * cardHeight; pixel++) {
    for (let channel = 0; channel < 3; channel++) {
      const difference = Math.abs(card.rgb[pixel * 3 + channel] - whole[pixel * 4 + channel])
      total += difference
      if (difference > 96) far++
    }
  }
  return { mean: total / (cardWidth * cardHeight * 3), far }
}

const site = 'React Native Testing Library'

describe('a social card', () => {
  // Text is drawn from the glyph atlas where satori would put it: a glyph's origin is rounded to
  // a tenth of a pixel, so an edge pixel's anti-aliasing may differ by a step of resvg's sampling
  // (seen: up to 59 of 255), never by more than 96. A word a pixel off,
  // a wrong line break or a wrong colour differs by far more (a badge's text one pixel off: 227).
  it('looks as satori draws it, text from the atlas or satori alike', async () => {
    const contents = [
      { title: 'Render', section: 'API reference', version: '13.x', siteName: site },
      {
        title: 'A title long enough to wrap onto a second line of the card',
        section: 'Migration Guides',
        version: '12.x',
        siteName: site,
      },
      {
        title: 'A title long enough to wrap onto a second line of the card, and then onto a third one as well',
        section: 'Guides',
        version: '',
        siteName: 'Docs',
      },
      { title: 'Écran gjpqy: fireEvent.press() & co.', section: 'Advanced', version: 'v2.10.0-beta', siteName: 'Docs' },
      // Drawn by satori: a script the fonts lack, and a section that is blank.
      { title: '日本語のタイトル', section: 'Guides', version: '12.x', siteName: site },
      { title: 'Untitled section', section: '', version: '1.0', siteName: site },
    ]
    for (const content of contents) {
      const { mean, far } = await differenceFromSatori(content)
      expect(far, content.title).toBe(0)
      expect(mean, content.title).toBeLessThan(0.1)
    }
  }, 60_000)

  it('draws Latin text from the atlas and leaves to satori what the layout model does not cover', async () => {
    expect(
      await pageRuns({ title: 'Render', section: 'API reference', version: '13.x', siteName: site }),
    ).not.toBeNull()
    expect(await pageRuns({ title: 'Écran', section: 'Guides', version: '', siteName: 'Docs' })).not.toBeNull()
    expect(await pageRuns({ title: '日本語', section: 'Guides', version: '', siteName: 'Docs' })).toBeNull()
    expect(await pageRuns({ title: 'Two  spaces', section: 'Guides', version: '', siteName: 'Docs' })).toBeNull()
    // More lines than the card holds: satori shrinks or overflows the boxes.
    expect(
      await pageRuns({ title: 'word '.repeat(80).trim(), section: 'Guides', version: '', siteName: 'Docs' }),
    ).toBeNull()
    expect(await templateRuns('A site name long enough to wrap onto a second line of the card, surely')).toBeNull()
    // A card drawn by satori where the atlas cannot draw it still shows its text (not the template alone).
    const template = await templateOf(site)
    const card = decodeRgbPng(await renderCard({ title: '日本語', section: 'Guides', version: '', siteName: site }))
    const templateRgb = Buffer.alloc(cardWidth * cardHeight * 3)
    for (let row = 0; row < cardHeight; row++)
      Buffer.from(template.rows.subarray(row * (cardWidth * 3 + 1) + 1, (row + 1) * (cardWidth * 3 + 1))).copy(
        templateRgb,
        row * cardWidth * 3,
      )
    expect(card.rgb.equals(templateRgb)).toBe(false)
  }, 60_000)

  it('differs between pages only where their text is', async () => {
    const base = { section: 'Guides', version: '12.x', siteName: 'Docs' }
    const [one, other] = (
      await renderCards([
        { ...base, title: 'Render' },
        { ...base, title: 'Screen queries' },
      ])
    ).map(decodeRgbPng)
    expect(one.rgb.equals(other.rgb)).toBe(false)
    // The top rows (the site name's) are the template's on both.
    expect(one.rgb.subarray(0, cardWidth * 3 * 120).equals(other.rgb.subarray(0, cardWidth * 3 * 120))).toBe(true)
  }, 30_000)

  it("moves each changed band's Adler-32 from the template's by the bytes the card draws", async () => {
    const template = await templateOf('Docs')
    const runs = await pageRuns({
      title: 'Checksums of the changed bands',
      section: 'Guides',
      version: '',
      siteName: 'Docs',
    })
    const text = await drawRuns(runs ?? [])
    // A layer of premultiplied pixels too, over rows of its own (as the badge is).
    const rgba = new Uint8Array(cardWidth * 4 * 3)
    for (let at = 0; at < rgba.length; at += 4 * 7) rgba.set([40, 90, 120, 160], at)
    const { rows, changed } = compositeCard(template, text, [{ rgba, firstRow: 600 }])
    expect(changed.size).toBeGreaterThan(3)
    const bandBytes = template.encoder.bandRows * template.encoder.rowBytes
    for (const [band, adler] of changed)
      expect(adler, `band ${band}`).toBe(
        adler32(rows.subarray(band * bandBytes, Math.min(rows.length, (band + 1) * bandBytes))),
      )
  }, 30_000)
})

describe('the banded PNG encoder', () => {
  const width = 40
  const height = 37
  const rowBytes = width * 3 + 1
  const template = Buffer.alloc(rowBytes * height, 0)
  for (let index = 0; index < template.length; index++)
    template[index] = index % rowBytes === 0 ? 0 : (index * 31) & 0xff
  /** Fills rows' pixels (not their filter bytes). */
  const fillRows = (rows: Buffer, value: number, first: number, end: number) => {
    for (let row = first; row < end; row++) rows.fill(value, row * rowBytes + 1, (row + 1) * rowBytes)
  }
  const rgbOf = (rows: Uint8Array) =>
    Buffer.concat(Array.from({ length: height }, (_, row) => rows.subarray(row * rowBytes + 1, (row + 1) * rowBytes)))

  /** The bands `changed` names, each with the Adler-32 of its bytes in `rows`. */
  const withChecksums = (rows: Buffer, bands: number[]) =>
    new Map(
      bands.map((band) => [
        band,
        adler32(rows.subarray(band * 8 * rowBytes, Math.min(height, (band + 1) * 8) * rowBytes)),
      ]),
    )

  it('encodes a template and an image with changed bands to PNGs that decode to their pixels', () => {
    const encoder = new BandedPngEncoder(template, width, height, 8)
    expect(decodeRgbPng(encoder.encodeRows(template, new Map())).rgb.equals(rgbOf(template))).toBe(true)
    const image = Buffer.from(template)
    fillRows(image, 200, 17, 20)
    fillRows(image, 9, 36, 37)
    // Bands 2 and 4 (a run of one each); then 2, 3 and 4 (one run of three).
    expect(
      decodeRgbPng(
        encoder.encodeRows(image, withChecksums(image, [encoder.bandOf(17), encoder.bandOf(36)])),
      ).rgb.equals(rgbOf(image)),
    ).toBe(true)
    expect(decodeRgbPng(encoder.encodeRows(image, withChecksums(image, [2, 3, 4]))).rgb.equals(rgbOf(image))).toBe(true)
  })

  it('writes the checksums it is given into the stream', () => {
    const encoder = new BandedPngEncoder(template, width, height, 8)
    const image = Buffer.from(template)
    fillRows(image, 200, 17, 20)
    const right = withChecksums(image, [2])
    // A wrong checksum is what zlib reads back: proof the caller's is used, not one computed again.
    expect(() =>
      decodeRgbPng(encoder.encodeRows(image, new Map([[2, ((right.get(2) as number) + 1) % 2 ** 32]]))),
    ).toThrow(/incorrect data check/)
    expect(decodeRgbPng(encoder.encodeRows(image, right)).rgb.equals(rgbOf(image))).toBe(true)
  })

  it('computes Adler-32 as zlib does, and combines two runs into the checksum of both', () => {
    const first = Buffer.from('a run of bytes '.repeat(700))
    const second = Buffer.alloc(20_000, 0xff)
    const trailerOf = (bytes: Buffer) => zlib.deflateSync(bytes).readUInt32BE(zlib.deflateSync(bytes).length - 4)
    expect(adler32(first)).toBe(trailerOf(first))
    expect(adler32(second)).toBe(trailerOf(second))
    expect(adler32Combine(adler32(first), adler32(second), second.length)).toBe(
      trailerOf(Buffer.concat([first, second])),
    )
  })
})
