import type { Options, SearchOptions } from 'minisearch'
import { processQueryTerm, processTerm, tokenize } from './tokenize.ts'
import type { SectionDocument } from './types.ts'

/** SPEC §9: hits shown per group unless configured. */
export const defaultSearchLimit = 7

/**
 * Field boosts. A page title counts most, a heading next, body text least:
 * 'Queries' finds the Queries page before a long page that says "queries"
 * twenty times.
 */
export const fieldBoosts = { title: 8, header: 3, content: 1 } as const

/** Small typos still match: one edit from 4 characters, two from 8 ('getByRloe'). */
export function queryFuzziness(term: string): number | false {
  return term.length >= 8 ? 2 : term.length >= 4 ? 1 : false
}

/**
 * The query options, one copy for the build, the worker and the main thread.
 *
 * Note: the reference engine used FlexSearch with resolution 9, threshold 0
 * and depth 0 (SPEC §9). MiniSearch has no such knobs; the closest mapping is:
 * - resolution 9 (scores bucketed into 9 levels): MiniSearch scores with
 *   BM25+ on a continuous scale, which orders at least as finely;
 * - threshold 0 (no minimum relevance): MiniSearch drops nothing either, every
 *   match is returned and we cut the list to `limit` per group afterwards;
 * - depth 0 (no contextual/proximity index): MiniSearch keeps no term
 *   positions, terms are combined with OR and scores summed.
 * FlexSearch's own default limit of 1000 is moot: we rank everything and keep
 * the top `limit` (7) per group.
 */
export const searchOptions: SearchOptions = {
  boost: { ...fieldBoosts },
  combineWith: 'OR',
  // While typing, the last (and every longer) term matches as a prefix: 'getByR' finds getByRole.
  prefix: (term) => term.length >= 2,
  fuzzy: (term) => queryFuzziness(term),
  maxFuzzy: 2,
  weights: { fuzzy: 0.25, prefix: 0.5 },
  processTerm: processQueryTerm,
}

/** The MiniSearch options; `loadJS` must get exactly these to read a built index. */
export const searchIndexOptions: Options<SectionDocument> = {
  idField: 'id',
  fields: ['title', 'header', 'content'],
  storeFields: ['page', 'anchor', 'header', 'start', 'end'],
  tokenize: (text) => tokenize(text),
  processTerm,
  searchOptions,
}
