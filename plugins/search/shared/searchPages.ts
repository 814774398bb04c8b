import MiniSearch, { type SearchResult } from 'minisearch'
import { foldText } from './normalizeText.ts'
import { withIdentifierTails } from './identifierTails.ts'
import { defaultSearchLimit, fieldBoosts, queryFuzziness, searchIndexOptions } from './searchIndexOptions.ts'
import { extractSnippet, findHighlights } from './snippet.ts'
import type { HighlightRange, HitType, IndexedPage, SearchHit, SearchIndexFile, SectionDocument } from './types.ts'

/** A loaded index, ready to query (in the worker or on the main thread). */
export interface Searcher {
  index: MiniSearch<SectionDocument>
  pages: IndexedPage[]
}

/** When the whole query is a page's title, that page comes first. */
const exactTitleBonus = 2
const separatorsRE = /[^\p{L}\p{N}]+/gu

/** Reads an index file with the shared options (a mismatch would silently give wrong results). */
export function createSearcher(file: SearchIndexFile): Searcher {
  return { index: MiniSearch.loadJS<SectionDocument>(file.index, searchIndexOptions), pages: file.pages }
}

/**
 * Runs a query and turns the best matching sections into hits, best first. A
 * section whose title matched is a `title` hit, one whose heading matched a
 * `header` hit, any other a `content` hit with a snippet. Only the best
 * `limit` of each type are kept: snippets are the expensive part, and a
 * common word can match thousands of sections.
 */
export function searchPages(searcher: Searcher, query: string, limit = defaultSearchLimit): SearchHit[] {
  const trimmed = query.trim()
  if (!trimmed) return []
  const wholeQuery = comparable(trimmed)
  const ranked = searcher.index.search(withIdentifierTails(trimmed, fieldBoosts, queryFuzziness)).map((result) => {
    const fields = new Set(Object.values(result.match as Record<string, string[]>).flat())
    const type: HitType = fields.has('title') ? 'title' : fields.has('header') ? 'header' : 'content'
    const title = searcher.pages[result.page as number].title
    const score = type === 'title' && comparable(title) === wholeQuery ? result.score * exactTitleBonus : result.score
    return { result, fields, type, score }
  })
  ranked.sort((a, b) => b.score - a.score)
  const kept = { title: 0, header: 0, content: 0 }
  const hits: SearchHit[] = []
  for (const entry of ranked) {
    if (kept[entry.type] >= limit) continue
    kept[entry.type] += 1
    hits.push(toHit(entry, searcher.pages, trimmed))
  }
  return hits
}

function toHit({ result, fields, type, score }: { result: SearchResult; fields: Set<string>; type: HitType; score: number }, pages: IndexedPage[], query: string): SearchHit {
  const page = pages[result.page as number]
  const anchor = String(result.anchor ?? '')
  const header = String(result.header ?? '')
  const terms = result.terms as string[]
  const content = page.content.slice(result.start as number, result.end as number)
  const snippet = fields.has('content') ? extractSnippet(content, findHighlights(content, terms)) : { statement: '', highlights: [] as HighlightRange[] }
  return {
    id: `${page.routePath}#${anchor}`,
    type,
    title: page.title,
    header,
    link: anchor ? `${page.routePath}#${anchor}` : page.routePath,
    query,
    highlights: type === 'title' ? findHighlights(page.title, terms) : type === 'header' ? findHighlights(header, terms) : snippet.highlights,
    group: page.title,
    statement: snippet.statement,
    statementHighlights: snippet.highlights,
    score,
  }
}

function comparable(text: string): string {
  return foldText(text).replace(separatorsRE, ' ').trim()
}
