/**
 * The UTF-8 bytes of `lines` joined with newlines, each line encoded into one buffer on its own.
 *
 * Why not `Buffer.from(lines.join('\n'))`: a document with a single character past Latin-1 (the
 * theme's "…" in its page data) joins into a two-byte string twice its length, which V8 puts in
 * its large-object space from 128 KB, a fresh mapping every time. Joining and encoding 1,000
 * documents of 69 KB took 0.8 s of CPU, half of it the kernel's page faults; encoded line by
 * line, 0.1 s (and the same either way for an all-Latin-1 document).
 */
export function encodeLines(lines: readonly string[]): Buffer {
  let length = Math.max(0, lines.length - 1)
  for (const line of lines) length += Buffer.byteLength(line)
  const bytes = Buffer.allocUnsafe(length)
  let at = 0
  for (const [index, line] of lines.entries()) {
    if (index > 0) bytes[at++] = 0x0a
    at += bytes.write(line, at)
  }
  return bytes
}
