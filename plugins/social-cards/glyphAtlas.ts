import { renderAsync } from '@resvg/resvg-js'
import type { CardFont, PathCommand } from './cardFonts.ts'
import { cardHeight, cardWidth } from './cardSize.ts'
import type { PlacedRun } from './cardTextLayout.ts'

/**
 * Text drawn from rasterised glyphs instead of a satori layout and a resvg raster of the whole
 * text a card (about three quarters of a card's cost): each glyph of the card's fonts is
 * rasterised by resvg once per thread for each size and each tenth of a pixel it lands on (satori
 * rounds path coordinates to tenths: a glyph at x + 0.43 is, to a rounding, the glyph at x + 0.4),
 * and a card's text is its glyphs' coverage added up and tinted. The coverage is resvg's
 * anti-aliasing of the very path satori would have written; glyphs of a run that touch add their
 * coverage (a path's union, where they do not overlap), as one path's fill makes it.
 */

/** A glyph's coverage (0-255) over its cell, the cell placed relative to the pixel the glyph's origin falls in. */
interface GlyphCoverage {
  left: number
  top: number
  width: number
  height: number
  alpha: Uint8Array
  /** The first and last rows of the cell with any coverage (none: first > last). */
  first: number
  last: number
}

/** A run with its colour (RGB). */
export interface ColouredRun extends PlacedRun {
  colour: [number, number, number]
}

/**
 * Text drawn over some rows of a card, as coverage to tint: for each row from `firstRow`, the
 * coverage of each pixel (0-255), the colour it is tinted with (0xRRGGBB) and the columns
 * `[from, to)` where it has any (none: from >= to).
 */
export interface TextCoverage {
  firstRow: number
  coverage: Uint8ClampedArray
  colours: Int32Array
  spans: Int32Array
  /** The first and last card rows with anything drawn (none: first > last). */
  first: number
  last: number
}

const atlas = new Map<string, GlyphCoverage>()

/** Tenths of a pixel a glyph's origin is placed to: satori's path coordinates are rounded to them. */
const steps = 10

interface PlacedGlyph {
  key: string
  font: CardFont
  fontSize: number
  glyph: number
  /** The pixel the origin falls in, and the tenths past it. */
  x: number
  y: number
  fx: number
  fy: number
  colour: [number, number, number]
}

/** The glyphs of runs, where satori's getSVG puts them (font.ts: the pen moves by each glyph's advance). */
function placeGlyphs(runs: ColouredRun[]): PlacedGlyph[] {
  const glyphs: PlacedGlyph[] = []
  for (const run of runs) {
    const scale = run.fontSize / run.font.unitsPerEm
    let pen = run.x
    for (const shaped of run.font.shape(run.text)) {
      const gx = Math.round((pen + shaped.dx * scale) * steps)
      const gy = Math.round((run.y + shaped.dy * scale) * steps)
      pen += shaped.ax * scale
      if (run.font.outline(shaped.g).length === 0) continue
      const x = Math.floor(gx / steps)
      const y = Math.floor(gy / steps)
      const fx = gx - x * steps
      const fy = gy - y * steps
      glyphs.push({
        key: `${run.font.weight}/${run.fontSize}/${shaped.g}/${fx}/${fy}`,
        font: run.font,
        fontSize: run.fontSize,
        glyph: shaped.g,
        x,
        y,
        fx,
        fy,
        colour: run.colour,
      })
    }
  }
  return glyphs
}

/** Satori's rounding of a path coordinate: to 0.1 px, half away from zero (font.ts, `round`). */
const round = (value: number) => (value < 0 ? -Math.round(-value * 10) : Math.round(value * 10)) / 10

/** A glyph's path data in its cell (origin at the cell's (-left, -top) plus the tenths), moved down by `dy`. */
function cellPath(commands: PathCommand[], scale: number, ox: number, oy: number, dy: number): string {
  const px = (x: number) => round(ox + x * scale)
  const py = (y: number) => round(oy - y * scale) + dy
  let data = ''
  for (const command of commands) {
    if (command.type === 'Z') data += 'Z'
    else if (command.type === 'Q') data += `Q${px(command.x1)} ${py(command.y1)} ${px(command.x)} ${py(command.y)}`
    else if (command.type === 'C')
      data +=
        `C${px(command.x1)} ${py(command.y1)} ${px(command.x2)} ${py(command.y2)} ` +
        `${px(command.x)} ${py(command.y)}`
    else data += `${command.type}${px(command.x)} ${py(command.y)}`
  }
  return data
}

/** Rasterises the glyphs not yet in the atlas, all in one resvg drawing (one cell under the other). */
async function rasterizeMissing(glyphs: PlacedGlyph[]): Promise<void> {
  const missing = new Map<string, PlacedGlyph>()
  for (const glyph of glyphs) if (!atlas.has(glyph.key) && !missing.has(glyph.key)) missing.set(glyph.key, glyph)
  if (missing.size === 0) return
  const cells: { key: string; cell: Omit<GlyphCoverage, 'alpha' | 'first' | 'last'>; path: string; at: number }[] = []
  let height = 0
  let width = 1
  for (const [key, glyph] of missing) {
    const commands = glyph.font.outline(glyph.glyph)
    const scale = glyph.fontSize / glyph.font.unitsPerEm
    let minX = Infinity
    let maxX = -Infinity
    let minY = Infinity
    let maxY = -Infinity
    // Control points bound the curves: the cell holds the glyph, with a pixel of margin for anti-aliasing.
    for (const command of commands) {
      if (command.type === 'Z') continue
      const points =
        command.type === 'C'
          ? [command.x1, command.y1, command.x2, command.y2, command.x, command.y]
          : command.type === 'Q'
            ? [command.x1, command.y1, command.x, command.y]
            : [command.x, command.y]
      for (let index = 0; index < points.length; index += 2) {
        minX = Math.min(minX, points[index])
        maxX = Math.max(maxX, points[index])
        minY = Math.min(minY, points[index + 1])
        maxY = Math.max(maxY, points[index + 1])
      }
    }
    const fx = glyph.fx / steps
    const fy = glyph.fy / steps
    const left = Math.floor(fx + minX * scale) - 1
    const top = Math.floor(fy - maxY * scale) - 1
    const cell = {
      left,
      top,
      width: Math.ceil(fx + maxX * scale) + 2 - left,
      height: Math.ceil(fy - minY * scale) + 2 - top,
    }
    cells.push({ key, cell, path: cellPath(commands, scale, fx - left, fy - top, height), at: height })
    height += cell.height
    width = Math.max(width, cell.width)
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 ` +
    `0 ${width} ${height}">${cells.map(({ path }) => `<path d="${path}" fill="#fff"/>`).join('')}</svg>`
  const rgba = (await renderAsync(svg, { font: { loadSystemFonts: false } })).pixels
  for (const { key, cell, at } of cells) {
    const alpha = new Uint8Array(cell.width * cell.height)
    let first = cell.height
    let last = -1
    for (let row = 0; row < cell.height; row++) {
      for (let column = 0; column < cell.width; column++) {
        const value = rgba[((at + row) * width + column) * 4 + 3]
        alpha[row * cell.width + column] = value
        if (value) {
          first = Math.min(first, row)
          last = row
        }
      }
    }
    atlas.set(key, { ...cell, alpha, first, last })
  }
}

/**
 * Draws runs from the atlas (rasterising the glyphs it lacks first) over the card rows they
 * reach. Coverage is added up per pixel (saturating) and a row is tinted with the colour of the
 * last glyph drawn on it: runs of different colours never share a row on a card (section and
 * title are lines apart).
 */
export async function drawRuns(runs: ColouredRun[]): Promise<TextCoverage> {
  const glyphs = placeGlyphs(runs)
  await rasterizeMissing(glyphs)
  let first = cardHeight
  let last = -1
  for (const glyph of glyphs) {
    const cell = atlas.get(glyph.key) as GlyphCoverage
    if (cell.first > cell.last) continue
    first = Math.min(first, Math.max(0, glyph.y + cell.top + cell.first))
    last = Math.max(last, Math.min(cardHeight - 1, glyph.y + cell.top + cell.last))
  }
  const rows = Math.max(0, last - first + 1)
  const text: TextCoverage = {
    firstRow: first,
    coverage: new Uint8ClampedArray(rows * cardWidth),
    colours: new Int32Array(rows),
    spans: new Int32Array(rows * 2),
    first,
    last,
  }
  for (let row = 0; row < rows; row++) text.spans[row * 2] = cardWidth
  for (const glyph of glyphs) {
    const cell = atlas.get(glyph.key) as GlyphCoverage
    const colour = (glyph.colour[0] << 16) | (glyph.colour[1] << 8) | glyph.colour[2]
    const from = Math.max(0, glyph.x + cell.left)
    const to = Math.min(cardWidth, glyph.x + cell.left + cell.width)
    if (from >= to) continue
    for (let row = cell.first; row <= cell.last; row++) {
      const y = glyph.y + cell.top + row - first
      if (y < 0 || y >= rows) continue
      text.colours[y] = colour
      text.spans[y * 2] = Math.min(text.spans[y * 2], from)
      text.spans[y * 2 + 1] = Math.max(text.spans[y * 2 + 1], to)
      const source = row * cell.width - (glyph.x + cell.left)
      const target = y * cardWidth
      for (let x = from; x < to; x++) text.coverage[target + x] += cell.alpha[source + x]
    }
  }
  return text
}
