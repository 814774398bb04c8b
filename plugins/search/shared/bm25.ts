/**
 * MiniSearch's BM25+ (its defaults: this index never sets `bm25`), one copy for
 * the build, which ranks a common term's postings by it (postingCap.ts), and
 * the browser, which scores a sharded index's postings directly (shardScorer.ts).
 */
export const bm25 = { k: 1.2, b: 0.7, d: 0.5 } as const

/** The score of one term in one field of one document, as MiniSearch's `calcBM25Score`. */
export function bm25Score(
  termFreq: number,
  matchingCount: number,
  totalCount: number,
  fieldLength: number,
  avgFieldLength: number,
): number {
  const { k, b, d } = bm25
  const invDocFreq = Math.log(1 + (totalCount - matchingCount + 0.5) / (matchingCount + 0.5))
  return invDocFreq * (d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avgFieldLength)))
}

/**
 * The part of a posting's score that varies within one field of one term (the document frequency is the same for all).
 */
export function termFrequencyWeight(termFreq: number, fieldLength: number, avgFieldLength: number): number {
  const { k, b } = bm25
  return (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avgFieldLength))
}
