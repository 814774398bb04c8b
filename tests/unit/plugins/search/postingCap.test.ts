import { describe, expect, it } from 'vitest'
import { capParsed, capPostings, capScanned, selectNth } from '../../../../plugins/search/postingCap.ts'

/** A deterministic pseudo-random sequence (the same entries on every run). */
function random(seed: number): () => number {
  let state = seed
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648
}

/** An entry as invertEntries writes it: fields ascending, short ids ascending within a field. */
function entry(term: string, fields: [fieldId: number, docs: number][], next: () => number): string {
  const body = fields.map(([fieldId, docs]) => {
    const ids = [...new Set(Array.from({ length: docs }, () => Math.floor(next() * 600)))].sort((a, b) => a - b)
    return `"${fieldId}":{${ids.map((id) => `"${id}":${1 + Math.floor(next() * 4)}`).join(',')}}`
  })
  return `[${JSON.stringify(term)},{${body.join(',')}}]`
}

describe('capPostings', () => {
  const next = random(7)
  // Field lengths with many repeats, so weights tie at the threshold.
  const lengths = Array.from({ length: 600 }, () => [
    Math.floor(next() * 5),
    next() < 0.1 ? null : 3 + Math.floor(next() * 20),
    10 + Math.floor(next() * 50),
  ])
  const average = [2, 12.5, 34.25]

  it("reads the entry's characters into the same capped entry as parsing it, ties and uncapped fields included", () => {
    const entries = [
      entry(
        'the',
        [
          [0, 40],
          [1, 300],
          [2, 500],
        ],
        next,
      ),
      entry('a', [[2, 450]], next),
      entry(
        'x:y',
        [
          [1, 250],
          [2, 20],
        ],
        next,
      ),
      entry('few', [[1, 12]], next),
      entry(
        'ünïcode',
        [
          [0, 150],
          [2, 350],
        ],
        next,
      ),
    ]
    for (const max of [100, 10, 1]) {
      for (const text of entries) {
        const scanned = capScanned(text, lengths, average, max)
        expect(scanned).toBe(capParsed(text, lengths, average, max))
        expect(capPostings(text, lengths, average, max)).toBe(scanned)
      }
    }
    expect(capScanned(entries[0], lengths, average, 10)).not.toBe(entries[0])
  })

  it('leaves a term it cannot scan (a quote or backslash in it) to the parser', () => {
    const text = entry('say "hi"\\', [[1, 300]], next)
    expect(capScanned(text, lengths, average, 10)).toBeNull()
    expect(capPostings(text, lengths, average, 10)).toBe(capParsed(text, lengths, average, 10))
  })

  it('selects what sorting gives, duplicates included', () => {
    const values = Float64Array.from({ length: 501 }, () => Math.floor(next() * 40) / 8)
    const sorted = Float64Array.from(values).sort()
    for (const nth of [0, 1, 250, 499, 500]) expect(selectNth(Float64Array.from(values), nth)).toBe(sorted[nth])
  })
})
