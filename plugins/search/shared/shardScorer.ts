import type { Query, SearchOptions, SearchResult } from 'minisearch'
import SearchableMap from 'minisearch/SearchableMap'
import { bm25Score } from './bm25.ts'
import { searchIndexOptions, searchOptions as indexSearchOptions } from './searchIndexOptions.ts'
import type { IndexShard, ShardedIndexMeta } from './types.ts'

/**
 * Scores a sharded index's postings directly, as MiniSearch's `search` would on
 * the whole index, without building a MiniSearch index per query: a loaded shard
 * becomes a ready structure once (MiniSearch's own radix tree, `SearchableMap`,
 * for exact, prefix and fuzzy lookups; postings as maps) and is kept for the
 * session, so a query costs its lookups and its postings, not the parse and tree
 * building of every shard it reads (106 ms p95 at 5,000 pages before).
 *
 * The arithmetic is MiniSearch 7's (`executeQuery`, `executeQuerySpec`,
 * `termResults`, the OR combinator and `search`'s quality factor), in its order,
 * with one difference: a capped term (postingCap.ts) brings its true document
 * frequency, so its kept postings score as in the whole index. The unit tests
 * compare this with MiniSearch on the whole index.
 */

/** One term's postings (field id -> document id -> count) and where its documents' field lengths are. */
interface TermData {
  postings: Map<number, Map<number, number>>
  /** Per field id: the true document frequency, when the postings were capped. */
  documentFrequency: Map<number, number> | null
  fieldLength: Map<number, (number | null)[]>
}

/** A loaded shard, ready to score (built once per session). */
export interface ReadyShard {
  terms: SearchableMap<TermData>
  fieldLength: Map<number, (number | null)[]>
  /** Fragment number -> fragment file name, for the documents this shard names. */
  fragments: Map<number, string>
}

export function readyShard(shard: IndexShard): ReadyShard {
  const fieldLength = new Map<number, (number | null)[]>()
  for (const id in shard.fieldLength) fieldLength.set(Number(id), shard.fieldLength[id])
  const fragments = new Map<number, string>()
  for (const n in shard.fragments ?? {}) fragments.set(Number(n), shard.fragments[n])
  const terms = new SearchableMap<TermData>()
  for (const [term, byField, df] of shard.index) {
    const postings = new Map<number, Map<number, number>>()
    for (const fieldId in byField) {
      const docs = new Map<number, number>()
      const counts = byField[fieldId]
      for (const id in counts) docs.set(Number(id), counts[id])
      postings.set(Number(fieldId), docs)
    }
    const documentFrequency = df
      ? new Map(Object.entries(df).map(([fieldId, count]) => [Number(fieldId), count]))
      : null
    terms.set(term, { postings, documentFrequency, fieldLength })
  }
  return { terms, fieldLength, fragments }
}

type RawResult = Map<number, { score: number; terms: string[]; match: Record<string, string[]> }>
type Options = SearchOptions & { processTerm?: (term: string) => string | string[] | null | undefined | false }
interface QuerySpec {
  term: string
  fuzzy: number | boolean
  prefix: boolean
  termBoost: number
}

const defaultWeights = { fuzzy: 0.45, prefix: 0.375 }
const defaultMaxFuzzy = 6
const tokenize = searchIndexOptions.tokenize as (text: string) => string[]

/** MiniSearch's `search(query)` over these shards only (OR queries: the only kind this index runs). */
export function searchShards(
  shards: readonly ReadyShard[],
  meta: Pick<ShardedIndexMeta, 'documentCount' | 'averageFieldLength' | 'fieldIds'>,
  query: Query,
): SearchResult[] {
  const raw = executeQuery(query, {})
  const results: SearchResult[] = []
  for (const [id, { score, terms, match }] of raw) {
    const quality = terms.length || 1
    results.push({ id, score: score * quality, terms: Object.keys(match), queryTerms: terms, match })
  }
  results.sort((a, b) => b.score - a.score)
  return results

  function executeQuery(query: Query, options: Options): RawResult {
    if (typeof query === 'symbol') throw new Error('The sharded search has no wildcard query.')
    if (typeof query !== 'string') {
      const combined = { ...options, ...query, queries: undefined } as Options & { queries?: unknown }
      assertOr(combined.combineWith)
      return combineOr(query.queries.map((subquery) => executeQuery(subquery, combined)))
    }
    const merged: Options = { ...(indexSearchOptions as Options), ...options }
    assertOr(merged.combineWith)
    const processTerm = merged.processTerm ?? ((term: string) => term)
    const terms = tokenize(query)
      .flatMap((term) => processTerm(term))
      .filter((term): term is string => !!term)
    const specs = terms.map((term, i, all): QuerySpec => ({
      term,
      fuzzy: typeof merged.fuzzy === 'function' ? merged.fuzzy(term, i, all) : merged.fuzzy || false,
      prefix: typeof merged.prefix === 'function' ? merged.prefix(term, i, all) : merged.prefix === true,
      termBoost: typeof merged.boostTerm === 'function' ? merged.boostTerm(term, i, all) : 1,
    }))
    return combineOr(specs.map((spec) => executeSpec(spec, merged)))
  }

  function executeSpec(query: QuerySpec, options: Options): RawResult {
    const fields = options.fields ?? searchIndexOptions.fields
    const boosts: Record<string, number> = {}
    for (const field of fields)
      boosts[field] = (Object.hasOwn(options.boost ?? {}, field) ? options.boost?.[field] : 0) || 1
    const { fuzzy: fuzzyWeight, prefix: prefixWeight } = { ...defaultWeights, ...options.weights }
    const maxFuzzy = options.maxFuzzy ?? defaultMaxFuzzy
    const results: RawResult = new Map()
    for (const shard of shards) {
      const data = shard.terms.get(query.term)
      if (data) termResults(meta, query.term, query.term, 1, query.termBoost, data, boosts, results)
    }
    let fuzzyMatches: Map<string, [TermData, number]> | undefined
    if (query.fuzzy) {
      const fuzzy = query.fuzzy === true ? 0.2 : query.fuzzy
      const maxDistance = fuzzy < 1 ? Math.min(maxFuzzy, Math.round(query.term.length * fuzzy)) : fuzzy
      if (maxDistance) {
        fuzzyMatches = new Map()
        for (const shard of shards)
          for (const [term, found] of shard.terms.fuzzyGet(query.term, maxDistance)) fuzzyMatches.set(term, found)
      }
    }
    if (query.prefix) {
      for (const shard of shards) {
        for (const [term, data] of shard.terms.atPrefix(query.term)) {
          const distance = term.length - query.term.length
          if (!distance) continue
          // A prefix match is always scored as one, never again as a fuzzy match.
          fuzzyMatches?.delete(term)
          const weight = (prefixWeight * term.length) / (term.length + 0.3 * distance)
          termResults(meta, query.term, term, weight, query.termBoost, data, boosts, results)
        }
      }
    }
    if (fuzzyMatches) {
      for (const [term, [data, distance]] of fuzzyMatches) {
        if (!distance) continue
        const weight = (fuzzyWeight * term.length) / (term.length + distance)
        termResults(meta, query.term, term, weight, query.termBoost, data, boosts, results)
      }
    }
    return results
  }
}

/** The index-wide figures BM25 reads. */
type ScoredMeta = Pick<ShardedIndexMeta, 'documentCount' | 'averageFieldLength' | 'fieldIds'>

/** Adds one term's postings (a query term, or a prefix or fuzzy match of it) to `results`, scored by BM25. */
function termResults(
  meta: ScoredMeta,
  sourceTerm: string,
  derivedTerm: string,
  termWeight: number,
  termBoost: number,
  data: TermData,
  boosts: Record<string, number>,
  results: RawResult,
): void {
  for (const field of Object.keys(boosts)) {
    const fieldBoost = boosts[field]
    const fieldId = meta.fieldIds[field]
    const frequencies = data.postings.get(fieldId)
    if (frequencies == null) continue
    const matchingFields = data.documentFrequency?.get(fieldId) ?? frequencies.size
    const avgFieldLength = meta.averageFieldLength[fieldId]
    for (const [docId, termFreq] of frequencies) {
      const fieldLength = data.fieldLength.get(docId)?.[fieldId] ?? 0
      const rawScore = bm25Score(termFreq, matchingFields, meta.documentCount, fieldLength, avgFieldLength)
      const weightedScore = termWeight * termBoost * fieldBoost * 1 * rawScore
      const result = results.get(docId)
      if (result) {
        result.score += weightedScore
        if (!result.terms.includes(sourceTerm)) result.terms.push(sourceTerm)
        const match = Object.hasOwn(result.match, derivedTerm) ? result.match[derivedTerm] : undefined
        if (match) match.push(field)
        else result.match[derivedTerm] = [field]
      } else results.set(docId, { score: weightedScore, terms: [sourceTerm], match: { [derivedTerm]: [field] } })
    }
  }
}

/** MiniSearch's OR combinator, folded over the results as `combineResults` does. */
function combineOr(results: RawResult[]): RawResult {
  if (results.length === 0) return new Map()
  return results.reduce((a, b) => {
    for (const [docId, found] of b) {
      const existing = a.get(docId)
      if (existing == null) a.set(docId, found)
      else {
        existing.score = existing.score + found.score
        existing.match = Object.assign(existing.match, found.match)
        for (const term of found.terms) if (!existing.terms.includes(term)) existing.terms.push(term)
      }
    }
    return a
  })
}

function assertOr(combineWith: string | undefined): void {
  if (combineWith !== undefined && combineWith.toUpperCase() !== 'OR')
    throw new Error(`The sharded search scores OR queries only (asked for ${combineWith}).`)
}
