/**
 * Search text normalisation (SPEC §5): keywords are lowercased and accents
 * removed, except Cyrillic and Korean, which keep their form ('й' stays 'й',
 * a Hangul syllable is not split into jamo).
 *
 * Folding works one code point at a time, so a folded string can be mapped
 * back to the original text (for snippets and highlights) with `foldWithMap`.
 */

const keptScriptRE = /[\p{Script=Cyrillic}\p{Script=Hangul}]/u
const combiningMarkRE = /\p{M}/gu

/** Folds one code point: lowercase, then accents stripped unless the letter is Cyrillic or Korean. */
export function foldChar(char: string): string {
  const lower = char.toLowerCase()
  if (keptScriptRE.test(char)) return lower
  return lower.normalize('NFD').replace(combiningMarkRE, '')
}

/** Printable ASCII has no accents and folds by lowercasing: the common case, done in one call. */
const plainAsciiRE = /^[\x20-\x7e]*$/

/** Folds a whole string (NFC first, so decomposed input folds like composed input). */
export function foldText(text: string): string {
  if (plainAsciiRE.test(text)) return text.toLowerCase()
  let out = ''
  for (const char of text.normalize('NFC')) out += foldChar(char)
  return out
}

/**
 * Folds `text` (expected NFC, as the index stores it) and returns, for each
 * UTF-16 unit of the folded string, the offset in `text` it came from; the
 * extra last entry maps the end.
 */
export function foldWithMap(text: string): { folded: string; map: number[] } {
  // ASCII folds one unit to one unit by lowercasing: done without foldChar (every shown hit's text is folded).
  const pieces: string[] = []
  const map: number[] = []
  let offset = 0
  let run = 0
  const flushAscii = () => {
    if (run === offset) return
    pieces.push(text.slice(run, offset).toLowerCase())
    for (let at = run; at < offset; at++) map.push(at)
  }
  while (offset < text.length) {
    if (text.charCodeAt(offset) < 0x80) {
      offset += 1
      continue
    }
    flushAscii()
    const char = String.fromCodePoint(text.codePointAt(offset) as number)
    const piece = foldChar(char)
    for (let i = 0; i < piece.length; i++) map.push(offset)
    pieces.push(piece)
    offset += char.length
    run = offset
  }
  flushAscii()
  map.push(offset)
  return { folded: pieces.join(''), map }
}
