import { createHash } from 'node:crypto'
import MiniSearch, { type AsPlainObject } from 'minisearch'
import type { SheafNode } from 'sheaf'
import { pageDocuments, type SearchablePage } from './shared/pageDocuments.ts'
import { searchIndexOptions } from './shared/searchIndexOptions.ts'
import { writeShards, type ShardFiles, type WrittenShards } from './indexShards.ts'
import type { IndexedPage, SearchIndexFile, SectionDocument } from './shared/types.ts'

/** One built index: its file (under the output folder) and its JSON. */
export interface BuiltSearchIndex {
  version: string | null
  lang: string
  /** e.g. `static/search_index.13.x.en.3f9a1c2b.json` (no hash in develop mode). */
  fileName: string
  json: string
  pageCount: number
  documentCount: number
  /**
   * The same index sharded (see indexShards.ts), in builds only: its folder under the output
   * folder (`static/search/13.x.en`), its files (each named after its content) and the name of
   * its meta file. The develop server serves the whole index.
   */
  shards?: { dir: string; files: ShardFiles; meta: string }
}

/** What the index reads of a Page node. */
export type IndexablePage = Pick<SheafNode, 'id'> & {
  path?: unknown
  title?: unknown
  version?: unknown
  lang?: unknown
  pageType?: unknown
  frontmatter?: unknown
  sections?: unknown
  toc?: unknown
}

/** Page types that are not worth finding. */
const skippedPageTypes = new Set(['home', '404'])

/** The key of the index a (version, language) pair reads. */
export function indexKey(version: string | null | undefined, lang: string | null | undefined): string {
  return `${version ?? ''}|${lang ?? ''}`
}

/**
 * Builds one MiniSearch index per (version, language) from the Page nodes, each serialised by
 * MiniSearch's own `toJSON` and named after its content hash (so a changed index never hits a
 * stale cache); in builds (`hashNames`), also its sharded copy (see indexShards.ts).
 */
export function buildSearchIndexes(
  pages: readonly IndexablePage[],
  options: { hashNames?: boolean } = {},
): Map<string, BuiltSearchIndex> {
  const hashNames = options.hashNames !== false
  const built = new Map<string, BuiltSearchIndex>()
  for (const [key, group] of [...groupPages(pages)].sort(([a], [b]) => a.localeCompare(b))) {
    const version = (group[0].version as string | null | undefined) ?? null
    const lang = String(group[0].lang ?? '')
    const { pages: indexedPages, documents } = pagesAndDocuments(group.map(toSearchablePage))
    const index = indexDocuments(documents)
    const json = JSON.stringify({ version, lang, pages: indexedPages, index } satisfies SearchIndexFile)
    const hash = hashNames ? createHash('sha256').update(json).digest('hex').slice(0, 8) : ''
    const written = hashNames ? writeShards({ version, lang, pages: indexedPages, documents, index }) : undefined
    const shards = written && { dir: shardDirName(version, lang), files: written.files, meta: written.meta }
    built.set(key, {
      version,
      lang,
      fileName: indexFileName(version, lang, hash),
      json,
      pageCount: indexedPages.length,
      documentCount: documents.length,
      shards,
    })
  }
  return built
}

/** MiniSearch's serialisation of the documents, indexed by MiniSearch with the shared options. */
function indexDocuments(documents: readonly SectionDocument[]): AsPlainObject {
  const index = new MiniSearch<SectionDocument>(searchIndexOptions)
  index.addAll(documents)
  return index.toJSON()
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

/** The index file for a set of pages (sorted by route, so builds are reproducible). */
export function createIndexFile(
  pages: readonly SearchablePage[],
  version: string | null,
  lang: string,
): SearchIndexFile {
  const { pages: indexedPages, documents } = pagesAndDocuments(pages)
  return { version, lang, pages: indexedPages, index: indexDocuments(documents) }
}

/** The sharded files for a set of pages, as a build writes them (for tests and the bench). */
export function createIndexShards(
  pages: readonly SearchablePage[],
  version: string | null,
  lang: string,
): WrittenShards {
  const { pages: indexedPages, documents } = pagesAndDocuments(pages)
  return writeShards({ version, lang, pages: indexedPages, documents, index: indexDocuments(documents) })
}

/** The pages' index entries and their section documents, in route order. */
function pagesAndDocuments(pages: readonly SearchablePage[]): { pages: IndexedPage[]; documents: SectionDocument[] } {
  const sorted = [...pages].sort((a, b) => a.path.localeCompare(b.path))
  const indexedPages: IndexedPage[] = []
  const documents: SectionDocument[] = []
  for (const page of sorted) {
    const entry = pageDocuments(page, indexedPages.length, documents.length)
    indexedPages.push(entry.page)
    documents.push(...entry.documents)
  }
  return { pages: indexedPages, documents }
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
