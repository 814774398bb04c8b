import { invertEntries, type DocumentAnalysis, type TermPostings } from './indexWriter.ts'
import type { ShardMemo } from './indexShards.ts'

/**
 * What one index was at the end of a build: each document's analysis key, field
 * lengths and analysis (as JSON, by short id), and each term's serialized entry
 * (`["term",{...}]`), terms sorted. The next build patches it instead of
 * inverting every document again, and reads an unchanged document's lengths
 * without parsing its analysis.
 *
 * Why: at N = 1,000 an index has 8,000 documents and 650,000 postings; inverting
 * and serializing them all took 0.5-0.6 s of a one-page rebuild, for a change to
 * a handful of documents. Patching touches only the terms those documents use,
 * and gives the same entries as a full inversion (short ids are positions in
 * route order, and JSON writes integer keys ascending), which the tests check.
 */
export interface IndexState {
  docKeys: string[]
  /** Per document: its analysis's field lengths (all the index head needs of a document). */
  lengths: (number | null)[][]
  terms: string[]
  entries: string[]
  /** Per document: its analysis as JSON, parsed only when the document changes. */
  analyses: string[]
  /** What the build's shards were (builds only; see indexShards.ts). */
  shards?: ShardMemo
  /** Per page in route order: its digest and its number of documents (see documentKeys in buildSearchIndexes.ts). */
  pageSpans?: PageSpan[]
  /**
   * Not kept: what a patch changed since the state it patched (its documents, and every term of their old and new
   * analyses).
   */
  changes?: { docs: number[]; terms: Set<string> }
}

/** A page's digest (its route and node content digest; null: none) and how many documents it has. */
export type PageSpan = [digest: string | null, count: number]

/** More changed documents than this: invert everything (patching would touch most terms anyway). */
const maxPatchedDocuments = 200

/** The state of a full inversion. */
export function fullIndexState(docKeys: readonly string[], analyses: readonly DocumentAnalysis[]): IndexState {
  const { terms, entries } = invertEntries(analyses)
  return {
    docKeys: [...docKeys],
    lengths: analyses.map((analysis) => analysis.lengths),
    terms,
    entries,
    analyses: analyses.map((analysis) => JSON.stringify(analysis)),
  }
}

/** A document's analysis from the state, by position. */
export function stateAnalysis(state: IndexState, shortId: number): DocumentAnalysis {
  return JSON.parse(state.analyses[shortId]) as DocumentAnalysis
}

/**
 * The previous state with the documents whose key changed patched in (`analyse` gives a
 * changed document's new analysis), or null when patching cannot give the full inversion's
 * result (documents added or removed, so short ids moved) or would not pay.
 */
export function patchIndexState(
  previous: IndexState,
  docKeys: readonly string[],
  analyse: (shortId: number) => DocumentAnalysis,
): IndexState | null {
  if (previous.docKeys.length !== docKeys.length) return null
  const changed: number[] = []
  for (let shortId = 0; shortId < docKeys.length; shortId++)
    if (docKeys[shortId] !== previous.docKeys[shortId]) changed.push(shortId)
  if (changed.length === 0) return { ...previous, changes: { docs: [], terms: new Set() } }
  if (changed.length > maxPatchedDocuments) return null
  // Per affected term: the postings to drop (old analyses) and to add (new ones).
  const affected = new Map<string, { drop: number[]; add: [fieldId: number, shortId: number, count: number][] }>()
  const touch = (term: string) => {
    let entry = affected.get(term)
    if (!entry) affected.set(term, (entry = { drop: [], add: [] }))
    return entry
  }
  const lengths = [...previous.lengths]
  const analyses = [...previous.analyses]
  for (const shortId of changed) {
    const old = stateAnalysis(previous, shortId)
    for (const pairs of old.terms) for (const [term] of pairs) touch(term).drop.push(shortId)
    const analysis = analyse(shortId)
    analysis.terms.forEach((pairs, fieldId) => {
      for (const [term, count] of pairs) touch(term).add.push([fieldId, shortId, count])
    })
    lengths[shortId] = analysis.lengths
    analyses[shortId] = JSON.stringify(analysis)
  }
  const patched = new Map<string, string | null>()
  for (const [term, { drop, add }] of affected) {
    const at = findTerm(previous.terms, term)
    const data: TermPostings = at >= 0 ? (JSON.parse(previous.entries[at]) as [string, TermPostings])[1] : {}
    for (const frequencies of Object.values(data)) for (const shortId of drop) delete frequencies[shortId]
    for (const [fieldId, shortId, count] of add) (data[fieldId] ??= {})[shortId] = count
    for (const fieldId of Object.keys(data)) if (Object.keys(data[fieldId]).length === 0) delete data[fieldId]
    patched.set(term, Object.keys(data).length ? JSON.stringify([term, data]) : null)
  }
  // Merge: unchanged entries as they were, patched ones replaced or dropped, new terms in order.
  const added = [...patched.keys()].filter((term) => findTerm(previous.terms, term) < 0).sort()
  const terms: string[] = []
  const entries: string[] = []
  let next = 0
  const push = (term: string, entry: string | null | undefined) => {
    if (entry == null) return
    terms.push(term)
    entries.push(entry)
  }
  previous.terms.forEach((term, index) => {
    while (next < added.length && added[next] < term) push(added[next], patched.get(added[next++]))
    push(term, patched.has(term) ? patched.get(term) : previous.entries[index])
  })
  while (next < added.length) push(added[next], patched.get(added[next++]))
  return {
    docKeys: [...docKeys],
    lengths,
    terms,
    entries,
    analyses,
    shards: previous.shards,
    changes: { docs: changed, terms: new Set(affected.keys()) },
  }
}

/** The index of `term` in sorted `terms` (UTF-16 order), or -1. */
function findTerm(terms: readonly string[], term: string): number {
  let low = 0
  let high = terms.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const found = terms[middle]
    if (found === term) return middle
    if (found < term) low = middle + 1
    else high = middle - 1
  }
  return -1
}
