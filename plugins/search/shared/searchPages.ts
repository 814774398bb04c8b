import MiniSearch, { type Query, type SearchResult } from 'minisearch'
import { identifierTailsQuery } from './identifierTails.ts'
import { defaultSearchLimit, fieldBoosts, queryFuzziness, searchIndexOptions } from './searchIndexOptions.ts'
import { foldText } from './normalizeText.ts'
import { extractSnippet, findHighlights } from './snippet.ts'
import { queryTerms } from './tokenize.ts'
import type { HighlightRange, HitType, IndexedPage, SearchHit, SearchIndexFile, SectionDocument } from './types.ts'

/** A loaded whole index, ready to query (in the worker or on the main thread). */
export interface Searcher {
  index: MiniSearch<SectionDocument>
  pages: IndexedPage[]
  /** Per document id: its field lengths (distinct words in title, header, content; null: no such field). */
  fieldLengths: Record<string, (number | null)[]>
}

/** What a hit shows of its section: read from the whole index, or from a sharded index's document fragment. */
export interface HitDocument {
  routePath: string
  /** The page title. */
  title: string
  anchor: string
  header: string
  /** The section's text. */
  text: string
}

/** A matching section, ranked, before its text is read. */
export interface RankedDocument {
  id: number
  type: HitType
  score: number
  /** The index terms that matched (after prefix and fuzzy expansion): what to highlight. */
  terms: string[]
  fields: Set<string>
}

/** When the whole query is a page's title, that page comes first. */
const exactTitleBonus = 2
/** When a one-word query is a heading's only word (an API name), that section comes first among sections. */
const exactHeadingBonus = 2
const separatorsRE = /[^\p{L}\p{N}]+/gu

/** Reads an index file with the shared options (a mismatch would silently give wrong results). */
export function createSearcher(file: SearchIndexFile): Searcher {
  const fieldLength = (file.index as unknown as { fieldLength: Record<string, (number | null)[]> }).fieldLength
  return {
    index: MiniSearch.loadJS<SectionDocument>(file.index, searchIndexOptions),
    pages: file.pages,
    fieldLengths: fieldLength,
  }
}

/** Every section matching a query, before the cut to `limit` per type (see matchDocuments). */
export interface Matches {
  query: string
  /** Scored sections, best first (no exact-title bonus yet). */
  entries: RankedDocument[]
  /**
   * Title hits that may be the whole query: every query word matched the title as written and
   * the title has as many words. Their titles are compared with the query before the cut.
   */
  titleCandidates: number[]
}

/** Runs one MiniSearch query: the whole index's `search`, or the shards' a query needs (shardResults.ts). */
export type RunQuery = (query: Query) => SearchResult[]

/**
 * Every section that matches `query`, scored (`run` is the index's search). A section whose
 * title matched is a `title` hit, one whose heading matched a `header` hit,
 * any other a `content` hit. Only postings and field lengths are read, so a
 * sharded index (which holds the postings of the query's terms and nothing
 * else) scores exactly as the whole index does.
 */
export function matchDocuments(
  run: RunQuery,
  query: string,
  fieldLengths: (id: number) => readonly (number | null)[],
): Matches {
  const trimmed = query.trim()
  if (!trimmed) return { query: trimmed, entries: [], titleCandidates: [] }
  const words = [...new Set(queryTerms(trimmed))]
  const titleCandidates: number[] = []
  const entries = searchWithTails(run, trimmed).map((result) => {
    const match = result.match as Record<string, string[]>
    const fields = new Set<string>()
    for (const term in match) for (const field of match[term]) fields.add(field)
    const type: HitType = fields.has('title') ? 'title' : fields.has('header') ? 'header' : 'content'
    const id = Number(result.id)
    // Only title and header hits read their lengths: a common word's thousands of content hits never do.
    const lengths = type === 'content' ? [] : fieldLengths(id)
    if (type === 'title' && lengths[0] === words.length && words.every((word) => match[word]?.includes('title')))
      titleCandidates.push(id)
    // A one-word lookup ('getByRole', or 'getByRloe' typed fast) whose heading is that name alone:
    // `getByRole`, `*ByRole`.
    const namesIt = type === 'header' && words.length === 1 && lengths[1] === 1
    return { id, type, score: namesIt ? result.score * exactHeadingBonus : result.score, terms: result.terms, fields }
  })
  return { query: trimmed, entries, titleCandidates }
}

/** The query's results, with its identifier tails' scores added (see identifierTails.ts). */
function searchWithTails(run: RunQuery, query: string): SearchResult[] {
  const results = run(query)
  const tails = identifierTailsQuery(query, fieldBoosts, queryFuzziness)
  if (!tails) return results
  const byId = new Map(results.map((result) => [result.id, result]))
  for (const extra of run(tails)) {
    const result = byId.get(extra.id)
    if (!result) {
      byId.set(extra.id, extra)
      continue
    }
    result.score += extra.score
    const match = result.match as Record<string, string[]>
    for (const [term, fields] of Object.entries(extra.match as Record<string, string[]>))
      match[term] = [...new Set([...(match[term] ?? []), ...fields])]
    result.terms = [...new Set([...result.terms, ...extra.terms])]
  }
  return [...byId.values()]
}

/**
 * The best `limit` sections of each type, best first: a title that is the
 * whole query (`isWholeQuery`, asked for the candidates only) counts double.
 */
export function cutMatches(
  { entries, titleCandidates }: Matches,
  isWholeQuery: (id: number) => boolean,
  limit = defaultSearchLimit,
): RankedDocument[] {
  const boosted = new Set(titleCandidates.filter(isWholeQuery))
  const ranked = entries.map((entry) =>
    boosted.has(entry.id) ? { ...entry, score: entry.score * exactTitleBonus } : entry,
  )
  // Ties keep index order (route order), so a whole index and a sharded one agree.
  ranked.sort((a, b) => b.score - a.score || a.id - b.id)
  const kept = { title: 0, header: 0, content: 0 }
  const out: RankedDocument[] = []
  for (const entry of ranked) {
    if (kept[entry.type] >= limit) continue
    kept[entry.type] += 1
    out.push(entry)
  }
  return out
}

/**
 * The title candidates whose bonus could lift them into the best `limit` titles: only
 * their titles need reading (a sharded index reads each from a document fragment).
 */
export function titleCandidatesInReach({ entries, titleCandidates }: Matches, limit = defaultSearchLimit): number[] {
  const titleScores = entries.filter((entry) => entry.type === 'title').map((entry) => entry.score)
  titleScores.sort((a, b) => b - a)
  const cutoff = titleScores.length > limit ? titleScores[limit - 1] : 0
  const scoreOf = new Map(entries.map((entry) => [entry.id, entry.score]))
  return titleCandidates.filter((id) => (scoreOf.get(id) ?? 0) * exactTitleBonus >= cutoff)
}

/** Is this title the whole query (case, accents and punctuation aside)? */
export function titleIsQuery(title: string, query: string): boolean {
  return comparable(title) === comparable(query)
}

function comparable(text: string): string {
  return foldText(text).replace(separatorsRE, ' ').trim()
}

/**
 * Runs a query and turns the best matching sections into hits, best first.
 * Only the best `limit` of each type are kept: snippets are the expensive
 * part, and a common word can match thousands of sections.
 */
export function searchPages(searcher: Searcher, query: string, limit = defaultSearchLimit): SearchHit[] {
  const matches = matchDocuments(
    (q) => searcher.index.search(q),
    query,
    (id) => searcher.fieldLengths[id] ?? [],
  )
  const ranked = cutMatches(matches, (id) => titleIsQuery(wholeIndexDocument(searcher, id).title, matches.query), limit)
  return ranked.map((entry) => toHit(entry, wholeIndexDocument(searcher, entry.id), matches.query))
}

/** A section of a whole index, read from its stored fields and its page's text. */
function wholeIndexDocument(searcher: Searcher, id: number): HitDocument {
  const stored = searcher.index.getStoredFields(id) as Pick<
    SectionDocument,
    'page' | 'anchor' | 'header' | 'start' | 'end'
  >
  const page = searcher.pages[stored.page]
  return {
    routePath: page.routePath,
    title: page.title,
    anchor: String(stored.anchor ?? ''),
    header: String(stored.header ?? ''),
    text: page.content.slice(stored.start, stored.end),
  }
}

/** A ranked section as the modal shows it: highlights of what matched, and a snippet for a content hit. */
export function toHit({ type, score, terms, fields }: RankedDocument, document: HitDocument, query: string): SearchHit {
  const { anchor, header, title, routePath } = document
  const snippet = fields.has('content')
    ? extractSnippet(document.text, findHighlights(document.text, terms))
    : { statement: '', highlights: [] as HighlightRange[] }
  return {
    id: `${routePath}#${anchor}`,
    type,
    title,
    header,
    link: anchor ? `${routePath}#${anchor}` : routePath,
    query,
    highlights:
      type === 'title'
        ? findHighlights(title, terms)
        : type === 'header'
          ? findHighlights(header, terms)
          : snippet.highlights,
    group: title,
    statement: snippet.statement,
    statementHighlights: snippet.highlights,
    score,
  }
}
