import { cardHeight, cardWidth } from './cardSize.ts'
import type { BandedPngEncoder } from './encodePng.ts'
import type { TextCoverage } from './glyphAtlas.ts'

/** A site's prepared card: what every card of it starts from. */
export interface Template {
  /** Opaque RGB pixels, in the PNG stream's row layout (a filter byte, then the row: see BandedPngEncoder). */
  rows: Uint8Array
  encoder: BandedPngEncoder
  /** The pixels of the card being composited, in the same layout (see compositeCard). */
  scratch: Uint8Array
}

/**
 * A layer's pixels over some of the card's rows (resvg's premultiplied RGBA): `[firstRow, firstRow + rgba.length /
 * (width * 4))`.
 */
export interface LayerPixels {
  rgba: Uint8Array
  firstRow: number
}

/**
 * A composited card: its pixels (valid until the next card of the template) and the Adler-32 of each band that changed.
 */
export interface CompositedCard {
  rows: Uint8Array
  changed: Map<number, number>
}

const emptyRow = new Uint8Array(cardWidth * 4)
const adlerBase = 65521

/**
 * Lays a card's drawing over the template: text as coverage tinted with its colour, and layers
 * of resvg's pixels (premultiplied RGBA), all on different rows. Most of a card is the
 * template's: a row with nothing drawn is not touched (a layer's empty rows are found natively),
 * and only the bands of rows that changed are copied into the template's scratch buffer (valid
 * until the next card of that template: a card costs no 2 MB copy) and handed to the encoder.
 *
 * The encoder needs each changed band's Adler-32, which took a millisecond a card to compute
 * over the whole band. Adler-32 is a sum of the bytes and a sum weighted by their distance to the
 * end, so it is the template band's, moved by each byte the card changes: computed here, from
 * the pixels drawn, as they are drawn.
 */
export function compositeCard(template: Template, text: TextCoverage | null, layers: LayerPixels[]): CompositedCard {
  const { encoder } = template
  const out = template.scratch
  const rowBytes = cardWidth * 4
  const outRowBytes = encoder.rowBytes
  const bandBytes = encoder.bandRows * outRowBytes
  const bands = new Set<number>()
  const textRows = text ? text.last - text.first + 1 : 0
  for (let row = 0; row < textRows; row++)
    if ((text as TextCoverage).spans[row * 2] < (text as TextCoverage).spans[row * 2 + 1])
      bands.add(encoder.bandOf(row + (text as TextCoverage).firstRow))
  const drawn = drawnLayerRows(layers, encoder, bands)
  for (const band of bands)
    out.set(template.rows.subarray(band * bandBytes, Math.min((band + 1) * bandBytes, out.length)), band * bandBytes)
  // Per band: how much the card moved the Adler-32's two sums.
  const sumDelta = new Float64Array(encoder.bandCount)
  const weightedDelta = new Float64Array(encoder.bandCount)
  if (text) {
    for (let row = 0; row < textRows; row++) {
      const from = text.spans[row * 2]
      const to = text.spans[row * 2 + 1]
      if (from >= to) continue
      const y = row + text.firstRow
      const band = encoder.bandOf(y)
      const bandEnd = Math.min((band + 1) * bandBytes, out.length)
      const colour = text.colours[row]
      const red = colour >> 16
      const green = (colour >> 8) & 255
      const blue = colour & 255
      let sum = 0
      let weighted = 0
      for (
        let x = from, at = row * cardWidth + from, to3 = y * outRowBytes + 1 + from * 3;
        x < to;
        x++, at++, to3 += 3
      ) {
        const alpha = text.coverage[at]
        if (alpha === 0) continue
        const rest = 255 - alpha
        const r = out[to3]
        const g = out[to3 + 1]
        const b = out[to3 + 2]
        const nr = divide255(red * alpha + r * rest)
        const ng = divide255(green * alpha + g * rest)
        const nb = divide255(blue * alpha + b * rest)
        out[to3] = nr
        out[to3 + 1] = ng
        out[to3 + 2] = nb
        // A byte at `i` in a band of `n` bytes weighs n - i in the second sum.
        const weight = bandEnd - to3
        sum += nr - r + ng - g + nb - b
        weighted += weight * (nr - r) + (weight - 1) * (ng - g) + (weight - 2) * (nb - b)
      }
      sumDelta[band] += sum
      weightedDelta[band] += weighted
    }
  }
  for (const [row, rgba, start] of drawn) {
    const band = encoder.bandOf(row)
    const bandEnd = Math.min((band + 1) * bandBytes, out.length)
    let sum = 0
    let weighted = 0
    for (let from = start, to = row * outRowBytes + 1; from < start + rowBytes; from += 4, to += 3) {
      const alpha = rgba[from + 3]
      if (alpha === 0) continue
      const rest = 255 - alpha
      for (let channel = 0; channel < 3; channel++) {
        const before = out[to + channel]
        const after = (rgba[from + channel] + (before * rest + 127) / 255) | 0
        out[to + channel] = after
        sum += after - before
        weighted += (bandEnd - to - channel) * (after - before)
      }
    }
    sumDelta[band] += sum
    weightedDelta[band] += weighted
  }
  return { rows: out, changed: bandAdlers(encoder, bands, sumDelta, weightedDelta) }
}

/** Each layer's rows with something drawn (card row, pixels, offset there); their bands are added to `bands`. */
function drawnLayerRows(
  layers: LayerPixels[],
  encoder: Template['encoder'],
  bands: Set<number>,
): [number, Uint8Array, number][] {
  const rowBytes = cardWidth * 4
  const drawn: [number, Uint8Array, number][] = []
  for (const { rgba, firstRow } of layers) {
    for (let row = 0; firstRow + row < cardHeight && (row + 1) * rowBytes <= rgba.length; row++) {
      const start = row * rowBytes
      if (Buffer.compare(rgba.subarray(start, start + rowBytes), emptyRow) === 0) continue
      drawn.push([firstRow + row, rgba, start])
      bands.add(encoder.bandOf(firstRow + row))
    }
  }
  return drawn
}

/** The Adler-32 of each changed band: the template band's, moved by the card's two sums. */
function bandAdlers(
  encoder: Template['encoder'],
  bands: Set<number>,
  sumDelta: Float64Array,
  weightedDelta: Float64Array,
): Map<number, number> {
  const changed = new Map<number, number>()
  for (const band of bands) {
    const adler = encoder.templateAdler(band)
    const a = mod((adler % 65536) + sumDelta[band])
    const b = mod(Math.floor(adler / 65536) + weightedDelta[band])
    changed.set(band, b * 65536 + a)
  }
  return changed
}

/** `value / 255` rounded, for 0 <= value <= 255 * 255, without a division. */
const divide255 = (value: number) => (value + 128 + ((value + 128) >> 8)) >> 8

const mod = (value: number) => ((value % adlerBase) + adlerBase) % adlerBase

/**
 * Blends text over opaque RGB rows in the PNG stream's row layout (`rowBytes` a row): the template's text over its
 * background.
 */
export function tintRows(rows: Uint8Array, rowBytes: number, text: TextCoverage): void {
  forEachCovered(text, (y, x, alpha, colour) => {
    const at = y * rowBytes + 1 + x * 3
    for (let channel = 0; channel < 3; channel++)
      rows[at + channel] = ((colour[channel] * alpha + rows[at + channel] * (255 - alpha) + 127) / 255) | 0
  })
}

/** Blends text over a layer of premultiplied RGBA pixels: the badge's text over its pill. */
export function tintLayer(layer: LayerPixels, text: TextCoverage): void {
  const rows = layer.rgba.length / (cardWidth * 4)
  forEachCovered(text, (y, x, alpha, colour) => {
    if (y < layer.firstRow || y >= layer.firstRow + rows) return
    const at = ((y - layer.firstRow) * cardWidth + x) * 4
    for (let channel = 0; channel < 3; channel++)
      layer.rgba[at + channel] = ((colour[channel] * alpha + layer.rgba[at + channel] * (255 - alpha) + 127) / 255) | 0
    layer.rgba[at + 3] = ((255 * alpha + layer.rgba[at + 3] * (255 - alpha) + 127) / 255) | 0
  })
}

/** Calls `draw` for each pixel text covers: card row and column, coverage, colour. */
function forEachCovered(
  text: TextCoverage,
  draw: (y: number, x: number, alpha: number, colour: [number, number, number]) => void,
): void {
  for (let row = 0; row < text.last - text.first + 1; row++) {
    const packed = text.colours[row]
    const colour: [number, number, number] = [packed >> 16, (packed >> 8) & 255, packed & 255]
    for (let x = text.spans[row * 2]; x < text.spans[row * 2 + 1]; x++) {
      const alpha = text.coverage[row * cardWidth + x]
      if (alpha) draw(row + text.firstRow, x, alpha, colour)
    }
  }
}
