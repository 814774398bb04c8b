import { createHash } from 'node:crypto'
import type { SheafNode } from 'sheaf'
import { pageDocuments, type SearchablePage } from './shared/pageDocuments.ts'
import { fullIndexState, patchIndexState, stateAnalysis, type IndexState, type PageSpan } from './indexState.ts'
import {
  analyseDocument,
  analysisKey,
  indexJson,
  invertEntries,
  writeIndex,
  type DocumentAnalysis,
} from './indexWriter.ts'
import { writeShards, type ShardFiles, type WrittenShards } from './indexShards.ts'
import type { IndexedPage, SearchIndexFile, SectionDocument } from './shared/types.ts'

/** One built index: its file (under the output folder) and its JSON. */
export interface BuiltSearchIndex {
  version: string | null
  lang: string
  /** e.g. `static/search_index.13.x.en.3f9a1c2b.json` (no hash in develop mode). */
  fileName: string
  json: string
  /** `json` as UTF-8, when the name is hashed: encoded once, for the hash and for a worker to send. */
  bytes?: Uint8Array
  pageCount: number
  documentCount: number
  /**
   * The same index sharded (see indexShards.ts), in builds only: its folder under the output
   * folder (`static/search/13.x.en`), its files (each named after its content) and the name of
   * its meta file. The develop server serves the whole index.
   */
  shards?: { dir: string; files: ShardFiles; meta: string; reused?: string[] }
}

/** What the index reads of a Page node (a plain copy of those fields can cross to a worker). */
export type IndexablePage = Pick<SheafNode, 'id'> & {
  path?: unknown
  title?: unknown
  version?: unknown
  lang?: unknown
  pageType?: unknown
  frontmatter?: unknown
  sections?: unknown
  toc?: unknown
  /** The page node's content digest: equal in two builds, the page's documents are the same (see documentKeys). */
  digest?: unknown
}

const utf8 = new TextEncoder()

/** Page types that are not worth finding. */
const skippedPageTypes = new Set(['home', '404'])

/** The key of the index a (version, language) pair reads. */
export function indexKey(version: string | null | undefined, lang: string | null | undefined): string {
  return `${version ?? ''}|${lang ?? ''}`
}

/**
 * Builds one MiniSearch index per (version, language) from the Page nodes,
 * each serialised with the shared options and named after its content hash
 * (so a changed index never hits a stale cache).
 */
export function buildSearchIndexes(
  pages: readonly IndexablePage[],
  options: { hashNames?: boolean; analyses?: AnalysisCache; states?: IndexStates; reuseShards?: boolean } = {},
): Map<string, BuiltSearchIndex> {
  const groups = groupPages(pages)
  const built = new Map<string, BuiltSearchIndex>()
  for (const [key, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const first = group[0]
    const version = (first.version as string | null | undefined) ?? null
    const lang = String(first.lang ?? '')
    const {
      pages: indexedPages,
      documents,
      spans,
    } = pagesAndDocuments(group.map(toSearchablePage), group.map(digestOf))
    // With the last build's state, only the terms of changed documents are inverted again (see indexState.ts).
    const previous = options.states?.get(key)
    const keys = documentKeys(documents, spans, previous)
    const patched = previous && patchIndexState(previous, keys, (shortId) => analyseDocument(documents[shortId]))
    const state = patched || fullIndexState(keys, analyseAll(documents, keys, options.analyses, previous))
    // The same characters as JSON.stringify(createIndexFile(...)), from the terms' entries.
    const json = `${JSON.stringify({ version, lang, pages: indexedPages }).slice(0, -1)},"index":${indexJson(documents, state.lengths, state.entries)}}`
    // The name hashes the UTF-8 bytes, encoded once: a string given to the hash is encoded inside it
    // (N=1,000: the 12.7 MB index hashed in 65-190 ms as a string, 10 ms as bytes), and a worker
    // sends the bytes (buildIndexesTask.ts) rather than encoding the string again.
    const bytes = options.hashNames === false ? undefined : utf8.encode(json)
    const hash = bytes ? createHash('sha256').update(bytes).digest('hex').slice(0, 8) : ''
    // A patched state knows what changed: only the shards that touches are written again (when
    // the caller can take files it has no content for, see WrittenShards.reused).
    const changes =
      options.reuseShards && patched && patched.changes && patched.shards
        ? { memo: patched.shards, ...patched.changes, termsOf: (doc: number) => termsOf(patched, doc) }
        : undefined
    const written =
      options.hashNames === false
        ? undefined
        : writeShards(
            {
              version,
              lang,
              pages: indexedPages,
              documents,
              lengths: state.lengths,
              terms: state.terms,
              entries: state.entries,
              docKeys: keys,
            },
            changes,
          )
    const shards = written && {
      dir: shardDirName(version, lang),
      files: written.files,
      meta: written.meta,
      reused: written.reused,
    }
    const { changes: _changes, ...kept } = state
    options.states?.set(
      key,
      written ? { ...kept, pageSpans: spans, shards: written.memo } : { ...kept, pageSpans: spans },
    )
    built.set(key, {
      version,
      lang,
      fileName: indexFileName(version, lang, hash),
      json,
      bytes,
      pageCount: indexedPages.length,
      documentCount: documents.length,
      shards,
    })
  }
  return built
}

/** The terms of a document's analysis in the state. */
function termsOf(state: IndexState, doc: number): string[] {
  return stateAnalysis(state, doc).terms.flatMap((pairs) => pairs.map(([term]) => term))
}

/** Indexed pages by index key (version and language); pages that are not worth finding are left out. */
export function groupPages<T extends IndexablePage>(pages: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const page of pages) {
    if (skippedPageTypes.has(String(page.pageType)) || isExcluded(page)) continue
    const key = indexKey(page.version as string | null, page.lang as string)
    const group = groups.get(key)
    if (group) group.push(page)
    else groups.set(key, [page])
  }
  return groups
}

/** The index file's name: hashed in builds, plain in develop mode. */
export function indexFileName(version: string | null, lang: string, hash: string): string {
  return `static/${['search_index', version, lang, hash].filter(Boolean).join('.')}.json`
}

/**
 * The sharded index's folder: one per (version, language), the same in every build. Its files
 * are named after their content, so a rebuild keeps every unchanged file's name.
 */
export function shardDirName(version: string | null, lang: string): string {
  return `static/search/${[version, lang].filter(Boolean).join('.')}`
}

/** Documents' analyses by their text (see indexWriter.ts): an edit re-analyses only what changed. */
export interface AnalysisCache {
  get(key: string): DocumentAnalysis | undefined
  set(key: string, analysis: DocumentAnalysis): void
}

/** Each index's postings from the last build (see indexState.ts), by index key. */
export interface IndexStates {
  get(key: string): IndexState | undefined
  set(key: string, state: IndexState): void
}

/** The index file for a set of pages (sorted by route, so builds are reproducible). */
export function createIndexFile(
  pages: readonly SearchablePage[],
  version: string | null,
  lang: string,
  analyses?: AnalysisCache,
): SearchIndexFile {
  const { pages: indexedPages, documents } = pagesAndDocuments(pages)
  return {
    version,
    lang,
    pages: indexedPages,
    index: writeIndex(documents, analyseAll(documents, documents.map(analysisKey), analyses)),
  }
}

/** The sharded files for a set of pages, as a build writes them (for tests and the bench). */
export function createIndexShards(
  pages: readonly SearchablePage[],
  version: string | null,
  lang: string,
): WrittenShards {
  const { pages: indexedPages, documents } = pagesAndDocuments(pages)
  const analyses = analyseAll(documents, documents.map(analysisKey))
  return writeShards({
    version,
    lang,
    pages: indexedPages,
    documents,
    lengths: analyses.map((analysis) => analysis.lengths),
    ...invertEntries(analyses),
  })
}

/**
 * The pages' index entries and their section documents, in route order; `spans`: per page in that
 * order, its digest (see IndexablePage.digest; null without one) and how many documents it has.
 */
function pagesAndDocuments(
  pages: readonly SearchablePage[],
  digests: readonly (string | null)[] = [],
): { pages: IndexedPage[]; documents: SectionDocument[]; spans: PageSpan[] } {
  const sorted = pages
    .map((page, index) => ({ page, digest: digests[index] ?? null }))
    .sort((a, b) => a.page.path.localeCompare(b.page.path))
  const indexedPages: IndexedPage[] = []
  const documents: SectionDocument[] = []
  const spans: PageSpan[] = []
  for (const { page, digest } of sorted) {
    const entry = pageDocuments(page, indexedPages.length, documents.length)
    indexedPages.push(entry.page)
    documents.push(...entry.documents)
    spans.push([digest, entry.documents.length])
  }
  return { pages: indexedPages, documents, spans }
}

/**
 * Each document's analysis key (a digest of its text). A page whose digest and document count are
 * those it had in the previous build (at the same place in route order) has the same documents:
 * their keys are the previous state's, not hashed again (the N = 1,000 corpus's 8,000 documents:
 * 40-120 ms of a one-page rebuild's index, which the build waits for). A page without a digest, or
 * any page when pages were added or removed, is hashed.
 */
export function documentKeys(
  documents: readonly SectionDocument[],
  spans: readonly PageSpan[],
  previous?: Pick<IndexState, 'docKeys' | 'pageSpans'>,
): string[] {
  const before = previous?.pageSpans?.length === spans.length ? previous : undefined
  const keys: string[] = []
  let previousAt = 0
  spans.forEach(([digest, count], index) => {
    const [previousDigest, previousCount] = before?.pageSpans?.[index] ?? [null, 0]
    const reusable =
      before !== undefined &&
      digest !== null &&
      digest === previousDigest &&
      count === previousCount &&
      previousAt + count <= before.docKeys.length
    for (let n = 0; n < count; n++)
      keys.push(reusable ? before.docKeys[previousAt + n] : analysisKey(documents[keys.length]))
    previousAt += previousCount
  })
  return keys
}

/** A page's digest in an index's state: its route and its node's content digest (null without one). */
function digestOf(page: IndexablePage): string | null {
  // A node built on this thread (develop mode, a very big build) has its own; a worker's page, a copy of it.
  const digest = (page as { internal?: { contentDigest?: unknown } }).internal?.contentDigest ?? page.digest
  return typeof digest === 'string' && digest !== '' ? `${String(page.path)}\0${digest}` : null
}

/** Every document's analysis: from the last build's state or the cache when either has its key, analysed otherwise. */
function analyseAll(
  documents: readonly SectionDocument[],
  keys: readonly string[],
  analyses?: AnalysisCache,
  previous?: IndexState,
): DocumentAnalysis[] {
  const known = previous ? new Map(previous.docKeys.map((key, shortId) => [key, shortId])) : null
  return documents.map((document, index) => {
    const key = keys[index]
    const at = known?.get(key)
    if (previous && at !== undefined) return stateAnalysis(previous, at)
    if (!analyses) return analyseDocument(document)
    let analysis = analyses.get(key)
    if (!analysis) {
      analysis = analyseDocument(document)
      analyses.set(key, analysis)
    }
    return analysis
  })
}

function toSearchablePage(node: IndexablePage): SearchablePage {
  return {
    path: String(node.path),
    title: String(node.title ?? ''),
    sections: Array.isArray(node.sections) ? (node.sections as SearchablePage['sections']) : [],
    toc: Array.isArray(node.toc) ? (node.toc as SearchablePage['toc']) : [],
  }
}

/** Front-matter `search: false` keeps a page out of the index. */
function isExcluded(page: IndexablePage): boolean {
  const frontmatter = page.frontmatter as Record<string, unknown> | undefined
  return frontmatter?.search === false
}
