import { foldText } from './normalizeText.ts'

/**
 * Tokenizing and term processing, shared by the build and the browser so a
 * query is cut exactly like the text it searches.
 *
 * - Words are runs of letters, digits and marks; everything else separates.
 * - CJK runs (Han, Hiragana, Katakana) have no spaces between words, so they
 *   are cut with `Intl.Segmenter` (ICU's dictionary), one fixed locale at index
 *   and query time. Korean uses spaces and is split like Latin text.
 */

const wordRE = /[\p{L}\p{N}\p{M}]+/gu
const cjkRE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u
export const camelBoundaryRE =
  /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u
/** camelCase parts shorter than this are not indexed on their own ('to', 'by', 'on'). */
export const minPartLength = 3
/** One locale for every CJK cut: segmentation must not depend on the reader's browser. */
const segmenterLocale = 'zh'

let segmenter: Intl.Segmenter | null | undefined

/** Splits text into raw terms (not yet lowercased or folded). */
export function tokenize(text: string): string[] {
  const terms: string[] = []
  for (const match of text.matchAll(wordRE)) {
    const word = match[0]
    if (cjkRE.test(word)) terms.push(...segmentCjk(word))
    else terms.push(word)
  }
  return terms
}

/**
 * Normalises a term for the index. While indexing (`fieldName` given), a
 * camelCase identifier is also indexed by its parts, so 'user event' finds
 * `userEvent`; queries are never split, so 'getByRole' stays one precise term.
 */
export function processTerm(term: string, fieldName?: string): string | string[] | null {
  const folded = foldText(term)
  if (!folded) return null
  if (fieldName === undefined) return folded
  const parts = term.split(camelBoundaryRE)
  if (parts.length < 2) return folded
  const extra = parts.map(foldText).filter((part) => part.length >= minPartLength && part !== folded)
  return extra.length ? [folded, ...new Set(extra)] : folded
}

/** Normalises a query term (lowercase, accents folded; no camelCase split). */
export function processQueryTerm(term: string): string | null {
  return foldText(term) || null
}

/** Query terms as the index sees them, e.g. for highlighting. */
export function queryTerms(query: string): string[] {
  return tokenize(query)
    .map(processQueryTerm)
    .filter((term): term is string => Boolean(term))
}

/** Cuts a CJK run into words; without `Intl.Segmenter`, into single characters. */
export function segmentCjk(text: string): string[] {
  if (segmenter === undefined)
    segmenter =
      typeof Intl !== 'undefined' && 'Segmenter' in Intl
        ? new Intl.Segmenter(segmenterLocale, { granularity: 'word' })
        : null
  if (!segmenter) return Array.from(text)
  const words: string[] = []
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) words.push(segment.segment)
  return words
}
