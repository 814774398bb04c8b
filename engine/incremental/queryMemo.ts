import { createHash } from 'node:crypto'
import type { NodeStore } from '../store/nodeStore.ts'
import { readCacheEntryJson, writeCacheEntry } from './cacheEntry.ts'
import { structureDigest } from './pageCache.ts'
import { isStoredReads, ReadTable, type StoredReads } from './readTable.ts'

interface MemoEntry {
  /** What the computation's queries read (read keys), as indexes into `Stored.ids`. */
  reads: number[]
  /** Its result, as JSON. */
  result: unknown
}

interface Stored extends StoredReads {
  /** Engine, config and mode: another key reruns every computation. */
  key: string
  /** Digest of every node id (see structureDigest): a node added or removed reruns every computation. */
  structure: string
  entries: Record<string, MemoEntry>
}

/**
 * Results of plugins' whole-site computations made from queries (a social card's title and
 * sidebar section for every page), kept between builds with what their queries read, as the page
 * cache keeps a page's render (see pageCache.ts): when every read sees what it saw last time and
 * no node was added or removed, the stored result is returned without running a query.
 *
 * Why: a plugin asking for every page's sidebar in createPages ran a thousand resolvers on a
 * rebuild that changed one page's body (0.1-0.15 s of a one-page rebuild at N = 1,000).
 *
 * Sound only for a computation whose result depends on nothing but its queries' tracked reads,
 * the config and the engine (PagesApi.reuse says so to plugins). The file is a checked cache
 * entry: missing, truncated or damaged, every computation runs.
 */
export class QueryMemo {
  private readonly previous: Stored | null
  private readonly next: Stored
  private readonly reads: ReadTable

  constructor(
    private readonly file: string,
    key: string,
    store: NodeStore,
  ) {
    const structure = structureDigest(store)
    const stored = readCacheEntryJson<Stored>(file)
    this.previous = isStored(stored) && stored.key === key && stored.structure === structure ? stored : null
    this.reads = new ReadTable(store, this.previous)
    this.next = { key, structure, ...this.reads.next, entries: {} }
  }

  /**
   * The result of `compute` (named `name`, unique within a build): the stored one when all its
   * reads are unchanged, else computed now with `reads` collecting what its queries read. The
   * result goes through JSON (undefined fields are dropped) whether stored or fresh, so a build
   * never depends on which it got.
   */
  async run<T>(name: string, compute: (reads: Set<string>) => Promise<T>): Promise<T> {
    const id = createHash('sha1').update(name).digest('base64url')
    const previous = this.previous?.entries[id]
    if (previous && Array.isArray(previous.reads) && previous.reads.every((index) => !this.reads.changedSince(index))) {
      this.next.entries[id] = {
        reads: this.reads.indexesOf(this.reads.previousKeys(previous.reads)),
        result: previous.result,
      }
      return previous.result as T
    }
    const reads = new Set<string>()
    const result = throughJson(await compute(reads))
    this.next.entries[id] = { reads: this.reads.indexesOf(this.reads.recorded(reads)), result }
    return result
  }

  /** Writes the entries this build used (the next build starts from them). */
  save(): void {
    try {
      writeCacheEntry(this.file, JSON.stringify(this.next))
    } catch {
      // A read-only or full disk only costs speed.
    }
  }
}

/** A value as JSON gives it back (what a stored result is): the same result whether stored or fresh. */
export function throughJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value ?? null)) as T
}

function isStored(value: unknown): value is Stored {
  const stored = value as Stored | null
  return isStoredReads(stored) && typeof stored.entries === 'object' && stored.entries !== null
}
