import { foldWithMap } from './normalizeText.ts'
import type { HighlightRange } from './types.ts'

/** SPEC §9: a snippet is about 100 characters wide. */
export const snippetWidth = 100
/** SPEC §9: a CJK character is as wide as 3 Latin ones. */
export const cjkCharWidth = 3
/** How much of the snippet comes before the first match. */
const leadingWidth = 30
/** How far to look for a space to avoid cutting a word in half. */
const wordCutSlack = 15

const wideCharRE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u
const wordCharRE = /[\p{L}\p{N}]/u
const cjkRE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u
const ellipsis = '…'

/** Display width of a string: CJK characters count 3, others 1. */
export function textWidth(text: string): number {
  let width = 0
  for (const char of text) width += charWidth(char)
  return width
}

/**
 * Where the terms occur in `text`, as ranges of the original text (folding is
 * undone, so 'Résumé' is found by 'resume'). Sorted and not overlapping.
 * Terms shorter than 3 characters only match at the start of a word (CJK
 * text has no word starts to look for, so there any position counts).
 */
export function findHighlights(text: string, terms: readonly string[]): HighlightRange[] {
  if (!text || terms.length === 0) return []
  const { folded, map } = foldWithMap(text)
  const ranges: HighlightRange[] = []
  for (const term of new Set(terms)) {
    if (!term) continue
    const anywhere = term.length >= 3 || cjkRE.test(term)
    let from = folded.indexOf(term)
    while (from !== -1) {
      const atWordStart = from === 0 || !wordCharRE.test(folded[from - 1])
      if (anywhere || atWordStart) {
        const start = map[from]
        ranges.push({ start, length: map[from + term.length] - start })
      }
      from = folded.indexOf(term, from + term.length)
    }
  }
  return mergeRanges(ranges)
}

/**
 * About `width` columns of `text` around the first highlight, cut at word
 * boundaries where it can, with '…' where text was left out. Highlights are
 * moved into the snippet's coordinates (and clipped to it).
 */
export function extractSnippet(
  text: string,
  highlights: readonly HighlightRange[],
  width = snippetWidth,
): { statement: string; highlights: HighlightRange[] } {
  if (!text) return { statement: '', highlights: [] }
  const anchor = highlights[0]?.start ?? 0
  let start = anchor
  let used = 0
  while (start > 0 && used < leadingWidth) {
    start -= 1
    used += charWidth(text[start])
  }
  start = adjustStart(text, start, anchor)
  let end = start
  used = 0
  while (end < text.length && used < width) {
    used += charWidth(text[end])
    end += 1
  }
  end = adjustEnd(text, end, anchor)
  const prefix = start > 0 ? ellipsis : ''
  const suffix = end < text.length ? ellipsis : ''
  const body = text.slice(start, end).trim()
  const bodyStart = start + text.slice(start, end).search(/\S|$/)
  const statement = `${prefix}${body}${suffix}`
  const moved: HighlightRange[] = []
  for (const range of highlights) {
    const from = Math.max(range.start, bodyStart)
    const to = Math.min(range.start + range.length, bodyStart + body.length)
    if (to > from) moved.push({ start: from - bodyStart + prefix.length, length: to - from })
  }
  return { statement, highlights: moved }
}

function charWidth(char: string): number {
  return wideCharRE.test(char) ? cjkCharWidth : 1
}

/** Moves a cut forward to the next word start, unless that is past the match or too far. */
function adjustStart(text: string, start: number, anchor: number): number {
  if (start === 0 || !wordCharRE.test(text[start - 1] ?? '')) return start
  for (let i = start; i < Math.min(anchor, start + wordCutSlack); i++) {
    if (/\s/.test(text[i])) return i + 1
  }
  return start
}

/** Moves a cut back to the last space, unless that would drop the match or too much. */
function adjustEnd(text: string, end: number, anchor: number): number {
  if (end >= text.length || !wordCharRE.test(text[end] ?? '')) return end
  for (let i = end; i > Math.max(anchor + 1, end - wordCutSlack); i--) {
    if (/\s/.test(text[i - 1])) return i - 1
  }
  return end
}

function mergeRanges(ranges: HighlightRange[]): HighlightRange[] {
  ranges.sort((a, b) => a.start - b.start || b.length - a.length)
  const merged: HighlightRange[] = []
  for (const range of ranges) {
    const last = merged[merged.length - 1]
    if (last && range.start <= last.start + last.length) {
      last.length = Math.max(last.length, range.start + range.length - last.start)
    } else merged.push({ ...range })
  }
  return merged
}
