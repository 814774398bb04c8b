import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { cardHeight, cardWidth } from '../../../../plugins/social-cards/cardSize.ts'
import { adler32, adler32Combine, BandedPngEncoder } from '../../../../plugins/social-cards/encodePng.ts'
import { composite, layerSvg, rasterize, renderCard, renderCards, templateOf, withBackground } from '../../../../plugins/social-cards/renderCard.ts'

/** The RGB rows of an 8-bit RGB, unfiltered PNG, read back through zlib (which checks the Adler-32). */
function decodeRgbPng(png: Buffer): { width: number; height: number; rgb: Buffer } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  let offset = 8
  let width = 0
  let height = 0
  const idat: Buffer[] = []
  for (;;) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('latin1', offset + 4, offset + 8)
    const data = png.subarray(offset + 8, offset + 8 + length)
    expect(png.readUInt32BE(offset + 8 + length), `${type} checksum`).toBe(zlib.crc32(png.subarray(offset + 4, offset + 8 + length)))
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      expect([data[8], data[9]]).toEqual([8, 2])
    }
    if (type === 'IDAT') idat.push(data)
    offset += 12 + length
    if (type === 'IEND') break
  }
  const raw = zlib.inflateSync(Buffer.concat(idat))
  expect(raw.length).toBe(height * (width * 3 + 1))
  const rgb = Buffer.alloc(width * height * 3)
  for (let row = 0; row < height; row++) {
    expect(raw[row * (width * 3 + 1)]).toBe(0)
    raw.copy(rgb, row * width * 3, row * (width * 3 + 1) + 1, (row + 1) * (width * 3 + 1))
  }
  return { width, height, rgb }
}

describe('a social card', () => {
  it('drawn from the prepared template looks as the whole card drawn in one piece', async () => {
    const content = { title: 'A title long enough to wrap onto a second line of the card', section: 'API reference', version: '13.x', siteName: 'React Native Testing Library' }
    const card = decodeRgbPng(await renderCard(content))
    expect([card.width, card.height]).toEqual([cardWidth, cardHeight])
    // The reference: every part in one satori layout, with its overflow masks, over the background.
    const whole = await rasterize(withBackground(await layerSvg(content, 'whole', true)))
    let worst = 0
    let differing = 0
    for (let pixel = 0; pixel < cardWidth * cardHeight; pixel++) {
      for (let channel = 0; channel < 3; channel++) {
        const difference = Math.abs(card.rgb[pixel * 3 + channel] - whole[pixel * 4 + channel])
        worst = Math.max(worst, difference)
        if (difference > 0) differing++
      }
    }
    // Compositing two layers rounds an edge pixel by a level or two; a misplaced line of text differs by hundreds.
    expect(worst).toBeLessThanOrEqual(3)
    expect(differing).toBeLessThan(cardWidth * cardHeight * 0.05)
  }, 30_000)

  it('rasterises only the rows the page\'s text spans, into the very card a whole raster makes', async () => {
    // The page layer is rasterised over its boxes' rows (and a margin), not the whole 1200x630.
    const contents = [
      { title: 'Render', section: 'API reference', version: '13.x', siteName: 'React Native Testing Library' },
      { title: 'A title long enough to wrap onto a second line of the card, and then onto a third one as well', section: 'Guides', version: '', siteName: 'Docs' },
      { title: 'Écran gjpqy', section: '', version: '12.x', siteName: 'Docs' },
    ]
    for (const content of contents) {
      const card = await renderCard(content)
      const template = await templateOf(content.siteName)
      const whole = composite(template, await rasterize(await layerSvg(content, 'page')))
      expect(card.equals(template.encoder.encodeRows(whole.rows, whole.changed)), content.title).toBe(true)
    }
  }, 30_000)

  it('draws a page\'s text once for its cards in every version, each card the very one drawn in one piece', async () => {
    // The section and title are drawn once and reused for the page's card in the other version,
    // and each version's badge once; composited, each card is exactly the whole page layer's.
    const pages = [
      { title: 'Render', section: 'API reference' },
      { title: 'A title long enough to wrap onto a second line of the card, and then onto a third one as well', section: 'Guides' },
      { title: 'Écran gjpqy', section: '' },
    ]
    const contents = ['12.x', '13.x', ''].flatMap((version) => pages.map((page) => ({ ...page, version, siteName: 'React Native Testing Library' })))
    const cards = await renderCards(contents)
    expect(cards).toHaveLength(contents.length)
    for (const [index, content] of contents.entries()) {
      const template = await templateOf(content.siteName)
      const whole = composite(template, await rasterize(await layerSvg(content, 'page')))
      expect(cards[index].equals(template.encoder.encodeRows(whole.rows, whole.changed)), `${content.title} ${content.version}`).toBe(true)
    }
  }, 60_000)

  it('differs between pages only where their text is', async () => {
    const base = { section: 'Guides', version: '12.x', siteName: 'Docs' }
    const one = decodeRgbPng(await renderCard({ ...base, title: 'Render' }))
    const other = decodeRgbPng(await renderCard({ ...base, title: 'Screen queries' }))
    expect(one.rgb.equals(other.rgb)).toBe(false)
    // The top rows (the site name's) are the template's on both.
    expect(one.rgb.subarray(0, cardWidth * 3 * 120).equals(other.rgb.subarray(0, cardWidth * 3 * 120))).toBe(true)
  }, 30_000)
  it('draws the page layer with the template’s hidden words reduced to a letter exactly as with the words', async () => {
    // The hidden words only hold their line boxes; one that could wrap (long, or not ASCII) is kept whole.
    const contents = [
      { title: 'Render', section: 'API reference', version: '13.x', siteName: 'React Native Testing Library' },
      { title: 'A title long enough to wrap onto a second line of the card', section: '', version: '', siteName: 'Docs' },
      { title: 'Écran', section: 'Guides', version: '12.x', siteName: 'A site name long enough to wrap onto a second line of the card, surely' },
      { title: 'Intro', section: 'Start', version: '1.0', siteName: 'Écrans et requêtes' },
      { title: 'Empty site name', section: 'Start', version: '1.0', siteName: '' },
    ]
    for (const content of contents) {
      const reduced = await rasterize(await layerSvg(content, 'page'))
      const kept = await rasterize(await layerSvg(content, 'page', false, true))
      expect(Buffer.from(reduced).equals(Buffer.from(kept)), content.siteName).toBe(true)
    }
  }, 60_000)
})

describe('the banded PNG encoder', () => {
  const width = 40
  const height = 37
  const template = Buffer.alloc(width * height * 3, 0)
  for (let index = 0; index < template.length; index++) template[index] = (index * 31) & 0xff

  it('encodes a template and an image with changed bands to PNGs that decode to their pixels', () => {
    const encoder = new BandedPngEncoder(template, width, height, 8)
    expect(decodeRgbPng(encoder.encode(template, new Set())).rgb.equals(template)).toBe(true)
    const image = Buffer.from(template)
    image.fill(200, width * 3 * 17, width * 3 * 20)
    image.fill(9, width * 3 * 36)
    const decoded = decodeRgbPng(encoder.encode(image, new Set([encoder.bandOf(17), encoder.bandOf(19), encoder.bandOf(36)])))
    expect(decoded.rgb.equals(image)).toBe(true)
  })

  it('encodes pixels already in the stream\'s row layout to the same PNG, deflating them where they are', () => {
    // A card is composited straight into that layout: no band is copied to be deflated.
    const encoder = new BandedPngEncoder(template, width, height, 8)
    const image = Buffer.from(template)
    image.fill(200, width * 3 * 17, width * 3 * 20)
    const changed = new Set([encoder.bandOf(17), encoder.bandOf(19)])
    const rows = encoder.toRows(image)
    expect(rows.length).toBe((width * 3 + 1) * height)
    expect(encoder.encodeRows(rows, changed).equals(encoder.encode(image, changed))).toBe(true)
    expect(decodeRgbPng(encoder.encodeRows(rows, changed)).rgb.equals(image)).toBe(true)
  })

  it('computes Adler-32 as zlib does, and combines two runs into the checksum of both', () => {
    const first = Buffer.from('a run of bytes '.repeat(700))
    const second = Buffer.alloc(20_000, 0xff)
    const trailerOf = (bytes: Buffer) => zlib.deflateSync(bytes).readUInt32BE(zlib.deflateSync(bytes).length - 4)
    expect(adler32(first)).toBe(trailerOf(first))
    expect(adler32(second)).toBe(trailerOf(second))
    expect(adler32Combine(adler32(first), adler32(second), second.length)).toBe(trailerOf(Buffer.concat([first, second])))
  })
})
