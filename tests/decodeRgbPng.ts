import zlib from 'node:zlib'

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/**
 * The RGB pixels of an 8-bit RGB PNG whose rows are unfiltered (as the social cards' encoder
 * writes them). Throws on anything else, and on a wrong chunk CRC; zlib checks the stream's
 * Adler-32 (its error says "incorrect data check").
 */
export function decodeRgbPng(png: Buffer): { width: number; height: number; rgb: Buffer } {
  if (!png.subarray(0, 8).equals(signature)) throw new Error('not a PNG: the signature differs')
  let offset = 8
  let width = 0
  let height = 0
  const idat: Buffer[] = []
  for (;;) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('latin1', offset + 4, offset + 8)
    const data = png.subarray(offset + 8, offset + 8 + length)
    if (png.readUInt32BE(offset + 8 + length) !== zlib.crc32(png.subarray(offset + 4, offset + 8 + length)))
      throw new Error(`${type}: wrong CRC`)
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      if (data[8] !== 8 || data[9] !== 2)
        throw new Error(`IHDR: bit depth ${data[8]}, colour type ${data[9]}; expected 8-bit RGB`)
    }
    if (type === 'IDAT') idat.push(data)
    offset += 12 + length
    if (type === 'IEND') break
  }
  const raw = zlib.inflateSync(Buffer.concat(idat))
  if (raw.length !== height * (width * 3 + 1)) throw new Error(`IDAT: ${raw.length} bytes for ${width}x${height}`)
  const rgb = Buffer.alloc(width * height * 3)
  for (let row = 0; row < height; row++) {
    if (raw[row * (width * 3 + 1)] !== 0)
      throw new Error(`row ${row}: filter ${raw[row * (width * 3 + 1)]}, expected none`)
    raw.copy(rgb, row * width * 3, row * (width * 3 + 1) + 1, (row + 1) * (width * 3 + 1))
  }
  return { width, height, rgb }
}
