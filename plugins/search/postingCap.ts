import { bm25, termFrequencyWeight } from './shared/bm25.ts'

/**
 * A common term's postings, capped for the sharded index. 'the' names most
 * sections of a site: its postings grow with the site, and so would the bytes
 * of every query that reads its shard. Per field, only the `max` postings that
 * score best for the term alone are kept (BM25 orders a field's postings by
 * term frequency and field length: the document frequency is the same for all),
 * and the entry gets a third element, the true document frequency per field, so
 * the kept postings score exactly as in the whole index.
 *
 * What is lost: a section outside every query term's best `max` can rank lower
 * than in the whole index. With `max` postings per field and `limit` hits shown
 * per group, that needs a section matching several terms none of which ranks it
 * among their best hundreds.
 */
export const maxPostingsPerField = 100

type Postings = Record<string, Record<string, number>>

/** Each posting is at least `"1":1,`: an entry shorter than this cannot hold more than `max` postings in one field. */
const minPostingChars = 6

/**
 * `entry` (`["term",{field:{doc:count}}]`) with every field of more than `max` postings cut to its best `max`.
 * `stability`: see capScanned.
 */
export function capPostings(
  entry: string,
  lengths: readonly (number | null)[][],
  averageFieldLength: readonly number[],
  max: number,
  stability?: CapStability[],
): string {
  if (entry.length <= max * minPostingChars || postingCount(entry, max) <= max) return entry
  const found: CapStability[] = []
  const scanned = capScanned(entry, lengths, averageFieldLength, max, found)
  if (scanned === null) return capParsed(entry, lengths, averageFieldLength, max)
  stability?.push(...found)
  return scanned
}

/**
 * How long a capped field's cut holds (see capStillHolds): the field, the inverse of the average
 * field length it was made at, and its margin: how far every posting's weight was from the
 * threshold weight, but for those of the threshold's own (term frequency, length).
 */
export type CapStability = [field: number, inverseAverage: number, margin: number]

/**
 * The largest rate at which a posting's weight moves with the inverse of its field's average
 * length, per unit of its field length: |dw/du| = tf (k+1) k b len / (tf + k(1-b) + k b len u)^2,
 * at most (k+1) b len / (4 (1-b)) for any tf and u (tf / (tf + c)^2 is largest at tf = c).
 */
const weightSlopePerLength = ((bm25.k + 1) * bm25.b) / (4 * (1 - bm25.b))

/**
 * Whether a capped entry whose postings and lengths are unchanged is still cut as it was, with
 * the fields' averages moved (an edit elsewhere): every posting's weight moves by at most
 * slope x longest length x the inverse average's change, so while twice that stays under the
 * margin, no posting crosses the threshold (postings of the threshold's own frequency and length
 * move with it, keeping their order by id). Then the entry's cap is the one kept, not made again.
 *
 * Why: the N = 1,000 corpus caps 266 entries (5.5 MB); a one-page edit moves the averages a
 * little and the cap was made again for all of them, 50-80 ms of the index the rebuild waits for.
 */
export function capStillHolds(
  stability: readonly CapStability[] | undefined,
  averageFieldLength: readonly number[],
  longestFieldLength: readonly number[],
): boolean {
  if (!Array.isArray(stability) || stability.length === 0) return false
  for (const kept of stability) {
    if (!Array.isArray(kept)) return false
    const [field, inverseAverage, margin] = kept
    const inverseNow = 1 / averageFieldLength[field]
    const moved = weightSlopePerLength * longestFieldLength[field] * Math.abs(inverseNow - inverseAverage)
    // (A bound that is not a number, a margin of none: made again.)
    if (!(2 * moved + 1e-9 < margin)) return false
  }
  return true
}

/**
 * The cap, reading the entry's characters instead of JSON.parse: a common term's entry holds
 * thousands of postings (the N = 1,000 corpus's 266 capped entries: 5.5 MB), and parsing them into
 * objects took 0.16 s of every rebuild, which caps them again whenever an edit moves a field's
 * average length. The entry's shape is fixed (written by invertEntries or JSON.stringify), so a
 * field is a run of `"doc":count` pairs; the output is the characters capParsed gives (the tests
 * compare the two). Null when the entry is not of that shape (a term with a quote or backslash).
 */
export function capScanned(
  entry: string,
  lengths: readonly (number | null)[][],
  averageFieldLength: readonly number[],
  max: number,
  stability?: CapStability[],
): string | null {
  const termEnd = entry.indexOf('",{')
  if (
    entry.charCodeAt(0) !== 91 /* [ */ ||
    entry.charCodeAt(1) !== 34 /* " */ ||
    termEnd < 1 ||
    entry.lastIndexOf('\\', termEnd) >= 0
  )
    return null
  let at = termEnd + 3
  let out = `${entry.slice(0, termEnd + 2)}{`
  let df = ''
  const docs: number[] = []
  const counts: number[] = []
  for (let firstField = true; ; firstField = false) {
    if (entry.charCodeAt(at) === 125 /* } */) break
    if (!firstField) {
      if (entry.charCodeAt(at) !== 44 /* , */) return null
      at += 1
    }
    // `"fieldId":{`
    const fieldEnd = entry.indexOf('":{', at)
    if (entry.charCodeAt(at) !== 34 || fieldEnd < 0) return null
    const fieldId = entry.slice(at + 1, fieldEnd)
    const bodyStart = fieldEnd + 3
    const bodyEnd = entry.indexOf('}', bodyStart)
    if (bodyEnd < 0) return null
    docs.length = 0
    counts.length = 0
    // `"doc":count` pairs, separated by commas: digits read as they come (no substrings).
    let number = 0
    for (let pos = bodyStart; pos <= bodyEnd; pos++) {
      const code = entry.charCodeAt(pos)
      if (code >= 48 && code <= 57) number = number * 10 + code - 48
      else if (code === 58 /* : */) {
        docs.push(number)
        number = 0
      } else if (code === 44 /* , */ || pos === bodyEnd) {
        counts.push(number)
        number = 0
      } else if (code !== 34 /* " */) return null
    }
    if (docs.length !== counts.length) return null
    at = bodyEnd + 1
    out += firstField ? '' : ','
    if (docs.length <= max) {
      out += entry.slice(fieldEnd - fieldId.length - 1, bodyEnd + 1)
      continue
    }
    df += `${df ? ',' : ''}"${fieldId}":${docs.length}`
    const field = Number(fieldId)
    const average = averageFieldLength[field]
    const weights = new Float64Array(docs.length)
    for (let n = 0; n < docs.length; n++)
      weights[n] = termFrequencyWeight(counts[n], lengths[docs[n]][field] ?? 0, average)
    // The max-th best weight: every posting above it is kept, and ties at it in id order (ids come ascending).
    const threshold = selectNth(Float64Array.from(weights), docs.length - max)
    let ties = max
    for (let n = 0; n < weights.length; n++) if (weights[n] > threshold) ties -= 1
    let kept = ''
    for (let n = 0; n < docs.length; n++) {
      if (weights[n] > threshold || (weights[n] === threshold && ties-- > 0))
        kept += `${kept ? ',' : ''}"${docs[n]}":${counts[n]}`
    }
    if (stability) stability.push([field, 1 / average, capMargin(weights, threshold, docs, counts, lengths, field)])
    out += `"${fieldId}":{${kept}}`
  }
  if (entry.length !== at + 2 || entry.charCodeAt(at + 1) !== 93 /* ] */) return null
  return df ? `${out}},{${df}}]` : entry
}

/**
 * How far every posting's weight is from the threshold, but for postings of the threshold's own
 * term frequency and field length (their weights stay equal to it whatever the average); 0 when
 * another (frequency, length) has exactly the threshold's weight.
 */
function capMargin(
  weights: Float64Array,
  threshold: number,
  docs: readonly number[],
  counts: readonly number[],
  lengths: readonly (number | null)[][],
  field: number,
): number {
  let margin = Number.POSITIVE_INFINITY
  let thresholdCount = -1
  let thresholdLength = -1
  for (let n = 0; n < weights.length; n++) {
    const length = lengths[docs[n]][field] ?? 0
    if (weights[n] !== threshold) margin = Math.min(margin, Math.abs(weights[n] - threshold))
    else if (thresholdCount === -1) {
      thresholdCount = counts[n]
      thresholdLength = length
    } else if (counts[n] !== thresholdCount || length !== thresholdLength) return 0
  }
  return margin
}

/**
 * The value at position `nth` of `values` sorted ascending (what `values.sort()[nth]` gives, for
 * finite numbers), by quickselect: the sort was most of the scanned cap's time. Reorders `values`.
 */
export function selectNth(values: Float64Array, nth: number): number {
  let low = 0
  let high = values.length - 1
  while (low < high) {
    const pivot = values[(low + high) >>> 1]
    let left = low
    let right = high
    while (left <= right) {
      while (values[left] < pivot) left++
      while (values[right] > pivot) right--
      if (left <= right) {
        const swap = values[left]
        values[left++] = values[right]
        values[right--] = swap
      }
    }
    if (nth <= right) high = right
    else if (nth >= left) low = left
    else return values[nth]
  }
  return values[nth]
}

/** The cap by parsing the entry: the reference capScanned is tested against, and its fallback. */
export function capParsed(
  entry: string,
  lengths: readonly (number | null)[][],
  averageFieldLength: readonly number[],
  max: number,
): string {
  const [term, postings] = JSON.parse(entry) as [string, Postings]
  let df: Record<string, number> | null = null
  const capped: Postings = {}
  for (const [fieldId, byDoc] of Object.entries(postings)) {
    const docs = Object.keys(byDoc)
    if (docs.length <= max) {
      capped[fieldId] = byDoc
      continue
    }
    ;(df ??= {})[fieldId] = docs.length
    const field = Number(fieldId)
    const average = averageFieldLength[field]
    const weights = new Float64Array(docs.length)
    docs.forEach(
      (doc, at) => (weights[at] = termFrequencyWeight(byDoc[doc], lengths[Number(doc)][field] ?? 0, average)),
    )
    // The max-th best weight: every posting above it is kept, and ties at it in id order (integer keys come ascending).
    const threshold = Float64Array.from(weights).sort()[docs.length - max]
    let ties = max - weights.filter((weight) => weight > threshold).length
    const kept: Record<string, number> = {}
    // Integer keys are written ascending whatever the insertion order: the entry stays reproducible.
    docs.forEach((doc, at) => {
      if (weights[at] > threshold || (weights[at] === threshold && ties-- > 0)) kept[doc] = byDoc[doc]
    })
    capped[fieldId] = kept
  }
  return df ? JSON.stringify([term, capped, df]) : entry
}

/**
 * The entry's postings (at least; one field's colon is taken off), counted up to a little past
 * `max`: each posting has one colon, each field one more. Most entries longer than the quick length test still hold no
 * field over `max`, and counting is far cheaper than parsing them (a build caps a few hundred of 50,000 entries).
 */
export function postingCount(entry: string, max = Infinity): number {
  let colons = 0
  // A term may itself hold colons: start after it (the entry is `["term",{...`).
  for (let at = entry.indexOf('",{') + 3; at > 2 && colons <= max + 3; at = entry.indexOf(':', at) + 1) colons += 1
  // The loop counted its start as one, and at least one colon found is a field's.
  return colons - 2
}
