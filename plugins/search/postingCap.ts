import { termFrequencyWeight } from './shared/bm25.ts'

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

/** `entry` (`["term",{field:{doc:count}}]`) with every field of more than `max` postings cut to its best `max`. */
export function capPostings(entry: string, lengths: readonly (number | null)[][], averageFieldLength: readonly number[], max: number): string {
  if (entry.length <= max * minPostingChars || postingCount(entry, max) <= max) return entry
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
    docs.forEach((doc, at) => (weights[at] = termFrequencyWeight(byDoc[doc], lengths[Number(doc)][field] ?? 0, average)))
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
 * `max`: each posting has one colon, each field one more. Most entries longer than the quick length test still hold no field over `max`, and
 * counting is far cheaper than parsing them (a build caps a few hundred of 50,000 entries).
 */
export function postingCount(entry: string, max = Infinity): number {
  let colons = 0
  // A term may itself hold colons: start after it (the entry is `["term",{...`).
  for (let at = entry.indexOf('",{') + 3; at > 2 && colons <= max + 3; at = entry.indexOf(':', at) + 1) colons += 1
  // The loop counted its start as one, and at least one colon found is a field's.
  return colons - 2
}
