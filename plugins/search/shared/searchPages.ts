import MiniSearch, { type SearchResult } from 'minisearch'
import { foldText } from './normalizeText.ts'
import { searchIndexOptions } from './searchIndexOptions.ts'
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
 * Runs a query and turns every matching section into a hit, best first. A
 * section whose title matched is a `title` hit, one whose heading matched a
 * `header` hit, any other a `content` hit with a snippet.
 */
export function searchPages(searcher: Searcher, query: string): SearchHit[] {
  const trimmed = query.trim()
  if (!trimmed) return []
  const wholeQuery = comparable(trimmed)
  const results = searcher.index.search(trimmed)
  const hits = results.map((result) => toHit(result, searcher.pages, trimmed))
  for (const hit of hits) if (hit.type === 'title' && comparable(hit.title) === wholeQuery) hit.score *= exactTitleBonus
  return hits.sort((a, b) => b.score - a.score)
}

function toHit(result: SearchResult, pages: IndexedPage[], query: string): SearchHit {
  const page = pages[result.page as number]
  const anchor = String(result.anchor ?? '')
  const header = String(result.header ?? '')
  const fields = new Set(Object.values(result.match as Record<string, string[]>).flat())
  const type: HitType = fields.has('title') ? 'title' : fields.has('header') ? 'header' : 'content'
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
    score: result.score,
  }
}

function comparable(text: string): string {
  return foldText(text).replace(separatorsRE, ' ').trim()
}
