import zlib from 'node:zlib'

/**
 * PNGs of images that differ from one template image in a few rows: social cards, where the
 * background, the site name and the footer are the same on every card and only the rows of the
 * section, title and version change.
 *
 * Images are given in the PNG stream's row layout: each row its filter byte (0: none) and its
 * 8-bit RGB pixels, `rowBytes` in all, so a card composited in place is deflated where it is.
 * The rows are deflated in bands of `bandRows` rows, each band its own raw deflate stream ended
 * by a sync flush (byte-aligned, no back-references into another band), so bands can be joined
 * into one zlib stream. The template's bands are compressed once, hard; a card compresses only
 * the bands it changed, fast (level 1: Z_RLE, Huffman only or PNG filters made cards larger or
 * slower), and reuses the others.
 */
export class BandedPngEncoder {
  /** Bytes of a row as the PNG stream holds it: its filter type, then its pixels. */
  readonly rowBytes: number
  private readonly bands: Band[] = []

  /** `template`: its pixels in the stream's row layout. */
  constructor(
    template: Uint8Array,
    readonly width: number,
    readonly height: number,
    readonly bandRows = 16,
  ) {
    this.rowBytes = width * 3 + 1
    if (template.length !== this.rowBytes * height)
      throw new Error(`BandedPngEncoder: ${template.length} bytes is not ${width}x${height} RGB rows`)
    for (let band = 0; band * bandRows < height; band++) this.bands.push(this.compressBand(template, band))
  }

  /** How many bands the image has. */
  get bandCount(): number {
    return this.bands.length
  }

  /** The Adler-32 of a band of the template (its filter bytes and pixels). */
  templateAdler(band: number): number {
    return this.bands[band].adler
  }

  /**
   * Encodes an image whose rows differ from the template's only in the bands `changed` lists,
   * each with its Adler-32 (which the compositor works out as it draws: see cardCompositor.ts).
   * Each run of changed bands is deflated in one go straight from `rows`, with no copy: one
   * deflate stream set up for the run, not one a band (each a zlib context, its window and hash
   * tables, for 58 KB of pixels).
   */
  encodeRows(rows: Uint8Array, changed: ReadonlyMap<number, number>): Buffer {
    if (rows.length !== this.rowBytes * this.height)
      throw new Error(`BandedPngEncoder: ${rows.length} bytes is not ${this.width}x${this.height} RGB rows`)
    const pieces: Band[] = []
    for (let band = 0; band < this.bands.length; band++) {
      if (!changed.has(band)) {
        pieces.push(this.bands[band])
        continue
      }
      let end = band + 1
      while (end < this.bands.length && changed.has(end)) end++
      const raw = rows.subarray(
        band * this.bandRows * this.rowBytes,
        Math.min(this.height, end * this.bandRows) * this.rowBytes,
      )
      let adler = 1
      for (let at = band; at < end; at++) adler = adler32Combine(adler, changed.get(at) as number, this.bandLength(at))
      pieces.push({
        deflated: zlib.deflateRawSync(raw, { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
        adler,
        length: raw.length,
      })
      band = end - 1
    }
    return this.assemble(pieces)
  }

  /** The band holding pixel row `row`. */
  bandOf(row: number): number {
    return Math.floor(row / this.bandRows)
  }

  /** Bytes of a band in the stream (the last band may be short). */
  private bandLength(band: number): number {
    return (Math.min(this.height, (band + 1) * this.bandRows) - band * this.bandRows) * this.rowBytes
  }

  private assemble(bands: Band[]): Buffer {
    let adler = 1
    for (const band of bands) adler = adler32Combine(adler, band.adler, band.length)
    const trailer = Buffer.alloc(4)
    trailer.writeUInt32BE(adler >>> 0, 0)
    // zlib header (deflate, 32 KB window, no dictionary), the bands, an empty final block, the checksum.
    const idat = Buffer.concat([zlibHeader, ...bands.map((band) => band.deflated), finalBlock, trailer])
    const header = Buffer.alloc(13)
    header.writeUInt32BE(this.width, 0)
    header.writeUInt32BE(this.height, 4)
    header[8] = 8 // bits per channel
    header[9] = 2 // colour type: RGB (a card is opaque: a quarter fewer bytes than RGBA)
    return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))])
  }

  /** A band of the template, compressed hard: every card reuses it. */
  private compressBand(rows: Uint8Array, band: number): Band {
    const first = band * this.bandRows
    const raw = rows.subarray(first * this.rowBytes, Math.min(this.height, first + this.bandRows) * this.rowBytes)
    return {
      deflated: zlib.deflateRawSync(raw, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
      adler: adler32(raw),
      length: raw.length,
    }
  }
}

interface Band {
  /** Raw deflate blocks, none final, ending byte-aligned. */
  deflated: Buffer
  /** Adler-32 of the band's uncompressed bytes, and their count. */
  adler: number
  length: number
}

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const zlibHeader = Buffer.from([0x78, 0x01])
/** A final, empty block with fixed codes: BFINAL 1, BTYPE 01, end-of-block. */
const finalBlock = Buffer.from([0x03, 0x00])

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

const crcTable = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c
})

/** The PNG chunk checksum: zlib's CRC-32 (native from Node 20.15; this table otherwise). */
export function crc32(bytes: Uint8Array): number {
  const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32
  if (native) return native(bytes)
  let c = -1
  for (let index = 0; index < bytes.length; index++) c = crcTable[(c ^ bytes[index]) & 0xff] ^ (c >>> 8)
  return (c ^ -1) >>> 0
}

const adlerBase = 65521

/** zlib's Adler-32 of `bytes` (unrolled: half the time of the plain loop, about 1 ms a MB). */
export function adler32(bytes: Uint8Array): number {
  let a = 1
  let b = 0
  let index = 0
  while (index < bytes.length) {
    // Sums are reduced every 5,552 bytes, as zlib does; in a double they would stay exact far longer.
    const end = Math.min(bytes.length, index + 5552)
    for (; index + 8 <= end; index += 8) {
      a += bytes[index]
      b += a
      a += bytes[index + 1]
      b += a
      a += bytes[index + 2]
      b += a
      a += bytes[index + 3]
      b += a
      a += bytes[index + 4]
      b += a
      a += bytes[index + 5]
      b += a
      a += bytes[index + 6]
      b += a
      a += bytes[index + 7]
      b += a
    }
    for (; index < end; index++) {
      a += bytes[index]
      b += a
    }
    a %= adlerBase
    b %= adlerBase
  }
  return b * 65536 + a
}

/** The Adler-32 of two byte runs joined, from each one's (zlib's adler32_combine). */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % adlerBase
  let sum1 = first % 65536
  let sum2 = (remainder * sum1) % adlerBase
  sum2 += Math.floor(first / 65536) + adlerBase - remainder
  sum1 += (second % 65536) + adlerBase - 1
  sum2 += Math.floor(second / 65536)
  sum1 %= adlerBase
  sum2 %= adlerBase
  return sum2 * 65536 + sum1
}
