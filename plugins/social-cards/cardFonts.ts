import fs from 'node:fs'
import { createRequire } from 'node:module'
import zlib from 'node:zlib'

/**
 * The card's two fonts (Inter 400 and 700, Latin) for drawing text without satori: shaped with
 * HarfBuzz, which satori itself shapes with (same glyphs, advances and kerning), outlines from
 * HarfBuzz, and the hhea metrics satori reads its line boxes from.
 */
export interface CardFont {
  weight: 400 | 700
  unitsPerEm: number
  /** hhea ascender and descender, in font units (the descender negative), as satori reads them. */
  ascender: number
  descender: number
  /** The glyphs of `text` shaped as satori shapes a run: default features, direction guessed. */
  shape(text: string): ShapedGlyph[]
  /** Whether every character of `text` has a glyph (else satori would fall back to another font). */
  covers(text: string): boolean
  /** A glyph's outline as path commands in font units (y up). */
  outline(glyph: number): PathCommand[]
}

export interface ShapedGlyph {
  /** glyph id, cluster, advance and offsets in font units */
  g: number
  cl: number
  ax: number
  dx: number
  dy: number
}

export type PathCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' }

const require = createRequire(import.meta.url)

/** The card's font files, as satori is given them (renderCard.ts passes the same bytes). */
export function interWoff(weight: 400 | 700): Buffer {
  return fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`))
}

/* The parts of harfbuzzjs this module calls (it ships no types). */
interface HbFont {
  setScale(x: number, y: number): void
  glyphToPath(glyph: number): string
}
interface HbBuffer {
  addText(text: string): void
  guessSegmentProperties(): void
  json(): { g: number; cl: number; ax: number; dx: number; dy: number }[]
  destroy(): void
}
interface Hb {
  createBlob(bytes: Uint8Array): { destroy(): void }
  createFace(blob: unknown, index: number): { destroy(): void; upem: number }
  createFont(face: unknown): HbFont
  createBuffer(): HbBuffer
  shape(font: HbFont, buffer: HbBuffer): void
}

/** Runs of text kept shaped, per font. */
const maxShaped = 20_000

let loaded: Promise<{ regular: CardFont; bold: CardFont }> | undefined

/** Both fonts, loaded once per thread. */
export function cardFonts(): Promise<{ regular: CardFont; bold: CardFont }> {
  loaded ??= (async () => {
    const hb = (await require('harfbuzzjs')) as Hb
    return { regular: openFont(hb, 400), bold: openFont(hb, 700) }
  })()
  return loaded
}

function openFont(hb: Hb, weight: 400 | 700): CardFont {
  const sfnt = woffToSfnt(interWoff(weight))
  const blob = hb.createBlob(sfnt)
  const face = hb.createFace(blob, 0)
  const font = hb.createFont(face)
  const unitsPerEm = face.upem
  font.setScale(unitsPerEm, unitsPerEm)
  face.destroy()
  blob.destroy()
  const hhea = tableOf(sfnt, 'hhea')
  const cmap = new Set(cmapCodePoints(sfnt))
  const outlines = new Map<number, PathCommand[]>()
  const shaped = new Map<string, ShapedGlyph[]>()
  return {
    weight,
    unitsPerEm,
    ascender: hhea.readInt16BE(4),
    descender: hhea.readInt16BE(6),
    shape(text) {
      let glyphs = shaped.get(text)
      if (glyphs) return glyphs
      const buffer = hb.createBuffer()
      try {
        buffer.addText(text)
        buffer.guessSegmentProperties()
        hb.shape(font, buffer)
        glyphs = buffer.json().map(({ g, cl, ax, dx, dy }) => ({ g, cl, ax, dx: dx ?? 0, dy: dy ?? 0 }))
      } finally {
        buffer.destroy()
      }
      // Titles share their words (a site's pages, a page's versions): a word is shaped once. Bounded, oldest out.
      if (shaped.size >= maxShaped) shaped.delete(shaped.keys().next().value as string)
      shaped.set(text, glyphs)
      return glyphs
    },
    covers(text) {
      for (const char of text) if (!cmap.has(char.codePointAt(0) as number)) return false
      return true
    },
    outline(glyph) {
      let commands = outlines.get(glyph)
      if (!commands) outlines.set(glyph, (commands = parsePath(font.glyphToPath(glyph))))
      return commands
    },
  }
}

/** HarfBuzz's SVG path data (`M1,2L3,4Q5,6 7,8C... Z`) as commands. */
function parsePath(data: string): PathCommand[] {
  const commands: PathCommand[] = []
  for (const [, type, args] of data.matchAll(/([MLQCZ])([^MLQCZ]*)/g)) {
    const n = args.split(/[ ,]/).filter(Boolean).map(Number)
    if (type === 'M' || type === 'L') commands.push({ type, x: n[0], y: n[1] })
    else if (type === 'Q') commands.push({ type, x1: n[0], y1: n[1], x: n[2], y: n[3] })
    else if (type === 'C') commands.push({ type, x1: n[0], y1: n[1], x2: n[2], y2: n[3], x: n[4], y: n[5] })
    else commands.push({ type: 'Z' })
  }
  return commands
}

/** A WOFF 1.0 file as the plain OpenType file it wraps (HarfBuzz reads no WOFF): each table inflated. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('social cards: the card font is not a WOFF 1.0 file')
  const flavor = woff.readUInt32BE(4)
  const count = woff.readUInt16BE(12)
  const tables = Array.from({ length: count }, (_, index) => {
    const at = 44 + index * 20
    const offset = woff.readUInt32BE(at + 4)
    const compressed = woff.readUInt32BE(at + 8)
    const length = woff.readUInt32BE(at + 12)
    const bytes = woff.subarray(offset, offset + compressed)
    return {
      tag: woff.toString('latin1', at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < length ? zlib.inflateSync(bytes) : bytes,
    }
  })
  let size = 12 + 16 * count
  const offsets = tables.map((table) => {
    const at = size
    size += (table.data.length + 3) & ~3
    return at
  })
  const out = Buffer.alloc(size)
  out.writeUInt32BE(flavor, 0)
  out.writeUInt16BE(count, 4)
  const power = 2 ** Math.floor(Math.log2(count))
  out.writeUInt16BE(power * 16, 6)
  out.writeUInt16BE(Math.log2(power), 8)
  out.writeUInt16BE(count * 16 - power * 16, 10)
  tables.forEach((table, index) => {
    const at = 12 + index * 16
    out.write(table.tag, at, 'latin1')
    out.writeUInt32BE(table.checksum, at + 4)
    out.writeUInt32BE(offsets[index], at + 8)
    out.writeUInt32BE(table.data.length, at + 12)
    table.data.copy(out, offsets[index])
  })
  return out
}

function tableOf(sfnt: Buffer, tag: string): Buffer {
  const count = sfnt.readUInt16BE(4)
  for (let index = 0; index < count; index++) {
    const at = 12 + index * 16
    if (sfnt.toString('latin1', at, at + 4) === tag)
      return sfnt.subarray(sfnt.readUInt32BE(at + 8), sfnt.readUInt32BE(at + 8) + sfnt.readUInt32BE(at + 12))
  }
  throw new Error(`social cards: the card font has no ${tag} table`)
}

/** The code points a font maps (its cmap's format 4 or 12 subtable). */
function cmapCodePoints(sfnt: Buffer): number[] {
  const cmap = tableOf(sfnt, 'cmap')
  const subtables = Array.from({ length: cmap.readUInt16BE(2) }, (_, index) => cmap.readUInt32BE(4 + index * 8 + 4))
  const points: number[] = []
  for (const offset of subtables) {
    const format = cmap.readUInt16BE(offset)
    if (format === 12) {
      const groups = cmap.readUInt32BE(offset + 12)
      for (let group = 0; group < groups; group++) {
        const at = offset + 16 + group * 12
        for (let point = cmap.readUInt32BE(at); point <= cmap.readUInt32BE(at + 4); point++) points.push(point)
      }
      return points
    }
  }
  for (const offset of subtables) {
    if (cmap.readUInt16BE(offset) !== 4) continue
    const segments = cmap.readUInt16BE(offset + 6) / 2
    const ends = offset + 14
    const starts = ends + segments * 2 + 2
    const deltas = starts + segments * 2
    const rangeOffsets = deltas + segments * 2
    for (let segment = 0; segment < segments; segment++) {
      const end = cmap.readUInt16BE(ends + segment * 2)
      for (let point = cmap.readUInt16BE(starts + segment * 2); point <= end && point !== 0xffff; point++) {
        const rangeOffset = cmap.readUInt16BE(rangeOffsets + segment * 2)
        let glyph: number
        if (rangeOffset === 0) glyph = (point + cmap.readInt16BE(deltas + segment * 2)) & 0xffff
        else {
          const at = rangeOffsets + segment * 2 + rangeOffset + (point - cmap.readUInt16BE(starts + segment * 2)) * 2
          glyph = cmap.readUInt16BE(at)
          if (glyph) glyph = (glyph + cmap.readInt16BE(deltas + segment * 2)) & 0xffff
        }
        if (glyph) points.push(point)
      }
    }
    return points
  }
  return points
}
