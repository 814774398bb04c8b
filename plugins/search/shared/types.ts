import type { AsPlainObject } from 'minisearch'

/** A toc entry as the page's outline has it. */
export interface IndexedTocEntry {
  text: string
  id: string
  depth: number
  charIndex: number
}

/** One page in an index file (SPEC §3 Indexed page). */
export interface IndexedPage {
  /** The page's route, with its version and language prefix (`/12.x/docs/api/render`). */
  routePath: string
  title: string
  /** The page's plain text, section after section; section documents point into it. */
  content: string
  toc: IndexedTocEntry[]
  /** Origin of the page: '' for this site (remote indexes may name another). */
  domain: string
}

/**
 * One searchable document: a part of a page between two headings, so a hit
 * can link to `#anchor`. Only the page's first section carries the title.
 */
export interface SectionDocument {
  id: number
  /** Index of the page in `SearchIndexFile.pages`. */
  page: number
  anchor: string
  /** The page title (first section only; '' elsewhere). */
  title: string
  /** The section heading ('' for the text before the first heading). */
  header: string
  /** The section text; indexed, not stored (it is `pages[page].content.slice(start, end)`). */
  content: string
  start: number
  end: number
}

/** The JSON file written per (version, language) and fetched by the browser. */
export interface SearchIndexFile {
  version: string | null
  lang: string
  pages: IndexedPage[]
  /** `MiniSearch#toJSON()` of the section documents. */
  index: AsPlainObject
}

/** `meta.json` of a sharded index (see plugins/search/indexShards.ts): what every query needs. */
export interface ShardedIndexMeta {
  version: string | null
  lang: string
  documentCount: number
  fieldIds: Record<string, number>
  averageFieldLength: number[]
  /**
   * Per first character of a shard key: the file name of the table of those keys (`k/<name>.json`,
   * a ShardKeyTable). A query reads the tables of its terms' first characters, so the bytes it
   * fetches do not grow with the number of shards (the site's vocabulary).
   */
  keyTables: Record<string, string>
  /** Sections per document fragment: section `id` is in fragment `floor(id / docsPerFragment)`. */
  docsPerFragment: number
}

/** The shard keys that start with one character, sorted, and each one's shard file name (`s/<name>.json`). */
export interface ShardKeyTable {
  keys: string[]
  shards: string[]
}

/**
 * One shard: its terms' entries as `MiniSearch#toJSON()` writes them, the field lengths of the
 * documents they name and the file names of those documents' fragments (`d/<name>.json`), by fragment number.
 */
export interface IndexShard {
  fieldLength: Record<string, (number | null)[]>
  fragments: Record<string, string>
  index: AsPlainObject['index']
}

/** One section in a document fragment: route, page title, anchor, heading, text. */
export type FragmentDocument = [routePath: string, title: string, anchor: string, header: string, text: string]

export type HitType = 'title' | 'header' | 'content'

/** A highlighted part of a shown string. */
export interface HighlightRange {
  start: number
  length: number
}

/** One search result (SPEC §3 Search hit). */
export interface SearchHit {
  /** Unique within one result list. */
  id: string
  type: HitType
  /** The page title. */
  title: string
  /** The section heading ('' for the page's first section). */
  header: string
  /** Route and anchor, without the base: `/docs/api/queries#getbyrole`. */
  link: string
  query: string
  /** Ranges in the shown text: the title, the header, or the statement (by type). */
  highlights: HighlightRange[]
  /** Where the hit came from: the page title for local hits, the index name for remote ones. */
  group: string
  /** A snippet of the matching text (content hits; may be '' for title and header hits). */
  statement: string
  /** Ranges in the statement. */
  statementHighlights: HighlightRange[]
  score: number
}

/** Hits of one type, in rank order. */
export interface HitGroup {
  type: HitType
  hits: SearchHit[]
}

/** The remote search API's answer: one entry per searched index. */
export interface RemoteSearchGroup {
  index: string
  hits: SearchHit[]
}

/** What the client needs to know about search, from the `searchConfig` field. */
export interface SearchClientConfig {
  /** Hits per group. Default 7. */
  limit: number
  remote?: { apiUrl: string; searchIndexes?: string[] } | null
  lang?: string
  version?: string | null
}
