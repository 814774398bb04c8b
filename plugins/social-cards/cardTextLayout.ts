import { createRequire } from 'node:module'
import type { CardFont } from './cardFonts.ts'

/**
 * Lays out a card's text as satori 0.63 does, so text drawn from the glyph atlas (glyphAtlas.ts)
 * lands where satori would have drawn it: the same line-break opportunities (the `linebreak`
 * package, UAX #14), the same greedy wrap (a break-opportunity segment goes to the next line when
 * it overflows, its trailing spaces not counted), the same widths (each segment shaped whole by
 * HarfBuzz) and positions (the word pieces of a segment placed one after the other, each shaped
 * alone), the same runs shaped together for drawing (pieces up to and including a space) and the
 * same line boxes (hhea ascender and descender, rounded as Chrome rounds them). Tests compare
 * the result with satori's own drawing (tests/unit/plugins/social-cards/renderCard.test.ts).
 *
 * Only what the card needs: `white-space: normal`, `word-break: normal`, left-aligned, no letter
 * or word spacing. Text this model does not cover is refused (see `plainText`) and the card is
 * drawn by satori.
 */

/** A run of glyphs shaped together, its pen starting at `x` on the baseline `y` (px). */
export interface PlacedRun {
  font: CardFont
  fontSize: number
  x: number
  y: number
  text: string
}

export interface TextBlock {
  runs: PlacedRun[]
  /** The block's height: its lines' rounded heights added up. */
  height: number
  /** Its widest line's width (the segments on it, spaces included). */
  width: number
  lines: number
}

const require = createRequire(import.meta.url)
type LineBreaker = new (text: string) => { nextBreak(): { position: number; required: boolean } | null }
let lineBreaker: LineBreaker | undefined

/** Satori's word separators (a separator run is not shaped together with the next piece). */
const separators = new Set(
  [0x20, 0xa0, 0x1361, 0x10100, 0x10101, 0x1039, 0x1091, 0x0a].map((point) => String.fromCodePoint(point)),
)

/**
 * Text the model draws as satori would: Latin letters, digits, punctuation and single spaces
 * inside (satori collapses runs of spaces and trims the ends; a no-break space joins words in
 * its own way), every character in the font (satori would look for another font), not blank.
 */
export function plainText(text: string, font: CardFont): boolean {
  return (
    /^[\x21-\x7e\u00a1-\u00ff](?:[ ]?[\x21-\x7e\u00a1-\u00ff])*$/.test(text) &&
    !text.includes('\u00ad') &&
    font.covers(text)
  )
}

/** A line's height and its baseline below the line's top, as satori computes them (font.ts, `baseline`). */
export function lineMetrics(
  font: CardFont,
  fontSize: number,
  lineHeight: number | 'normal',
): { height: number; baseline: number } {
  const ascender = (font.ascender / font.unitsPerEm) * fontSize
  const descender = (font.descender / font.unitsPerEm) * fontSize
  const height = lineHeight === 'normal' ? ascender - descender : fontSize * lineHeight
  const ascent = Math.round(ascender)
  const descent = Math.round(-descender)
  return { height: Math.round(height), baseline: ascent + Math.floor((height - ascent - descent) / 2) }
}

/** The width of `text` shaped as one run, in px. */
function measure(font: CardFont, fontSize: number, text: string, cache: Map<string, number>): number {
  let width = cache.get(text)
  if (width === undefined) {
    width = 0
    for (const glyph of font.shape(text)) width += glyph.ax
    width = (width / font.unitsPerEm) * fontSize
    cache.set(text, width)
  }
  return width
}

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' })

/**
 * `text` (see plainText) in a box `width` wide whose top left is (left, top): its runs with
 * their pens, line by line (satori's `flow` in text/index.ts, for the case above).
 */
export function layoutText(
  text: string,
  font: CardFont,
  fontSize: number,
  lineHeight: number | 'normal',
  left: number,
  top: number,
  width: number,
): TextBlock {
  lineBreaker ??= require('linebreak') as LineBreaker
  const widths = new Map<string, number>()
  const widthOf = (piece: string) => measure(font, fontSize, piece, widths)
  const segments: string[] = []
  const breaker = new lineBreaker(text)
  for (let last = 0, next = breaker.nextBreak(); next; last = next.position, next = breaker.nextBreak())
    segments.push(text.slice(last, next.position))

  const { height: lineBox, baseline } = lineMetrics(font, fontSize, lineHeight)
  // Each piece of each segment: its line and x (from the line's start).
  const pieces: { text: string; line: number; x: number }[] = []
  let line = 0
  let lineWidth = 0
  let widest = 0
  segments.forEach((segment, index) => {
    const segmentWidth = widthOf(segment)
    const trimmed = segment.trimEnd()
    const endingSpaces = trimmed === segment ? 0 : segmentWidth - widthOf(trimmed)
    if (index > 0 && lineWidth + segmentWidth > width + endingSpaces) {
      line++
      lineWidth = segmentWidth
    } else lineWidth += segmentWidth
    widest = Math.max(widest, lineWidth)
    let x = lineWidth - segmentWidth
    for (const { segment: piece } of wordSegmenter.segment(segment)) {
      pieces.push({ text: piece, line, x })
      x += widthOf(piece)
    }
  })
  // Runs drawn together: pieces up to a separator on the same line (text/index.ts, `embedFont`).
  // Text of several lines is placed on whole pixels (text/index.ts, `placePiece`).
  const place = line > 0 ? Math.round : (x: number) => x
  const runs: PlacedRun[] = []
  let run: { text: string; line: number; x: number } | null = null
  pieces.forEach((piece, index) => {
    const next = pieces[index + 1]
    const joined = run ? { ...run, text: run.text + piece.text } : piece
    if (!separators.has(piece.text) && next && next.line === piece.line) {
      run = joined
      return
    }
    runs.push({
      font,
      fontSize,
      x: left + place(joined.x),
      y: top + joined.line * lineBox + baseline,
      text: joined.text,
    })
    run = null
  })
  const lines = segments.length ? line + 1 : 0
  return { runs, height: lines * lineBox, width: widest, lines }
}
