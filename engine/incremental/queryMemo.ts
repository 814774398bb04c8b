import { createHash } from 'node:crypto'
import type { NodeStore } from '../store/nodeStore.ts'
import { readCacheEntryJson, writeCacheEntry } from './cacheEntry.ts'
import { structureDigest } from './pageCache.ts'
import { ReadDigests } from './readKey.ts'

interface MemoEntry {
  /** What the computation's queries read (read keys), as indexes into `Stored.ids`. */
  reads: number[]
  /** Its result, as JSON. */
  result: unknown
}

interface Stored {
  /** Engine, config and mode: another key reruns every computation. */
  key: string
  /** Digest of every node id (see structureDigest): a node added or removed reruns every computation. */
  structure: string
  /** Every read key any entry recorded, once; entries list indexes into it. */
  ids: string[]
  /** What each read saw (see ReadDigests), parallel to `ids`. */
  digests: string[]
  /** The content digest of each read's node when its digest was taken, parallel to `ids`. */
  nodeDigests: string[]
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
  private readonly nextIndex = new Map<string, number>()
  private readonly digests: ReadDigests
  /** Per previous read index: 0 not checked yet, 1 unchanged, 2 changed. */
  private readonly previousState: Uint8Array
  private previousIndex: Map<string, number> | undefined

  constructor(
    private readonly file: string,
    key: string,
    store: NodeStore,
  ) {
    this.digests = new ReadDigests(store)
    this.next = { key, structure: structureDigest(store), ids: [], digests: [], nodeDigests: [], entries: {} }
    const stored = readCacheEntryJson<Stored>(file)
    this.previous = isStored(stored) && stored.key === key && stored.structure === this.next.structure ? stored : null
    this.previousState = new Uint8Array(this.previous?.ids.length ?? 0)
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
    if (previous && Array.isArray(previous.reads) && previous.reads.every((index) => !this.changedSince(index))) {
      const ids = (this.previous as Stored).ids
      this.remember(id, previous.reads.map((index) => ids[index]), previous.result)
      return previous.result as T
    }
    const reads = new Set<string>()
    const result = throughJson(await compute(reads))
    this.remember(id, [...reads].filter((key) => this.digests.exists(key)).sort(), result)
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

  private changedSince(previousIndex: number): boolean {
    let state = this.previousState[previousIndex]
    if (state === 0) {
      const previous = this.previous as Stored
      const digest = previous.digests[previousIndex]
      state = typeof digest === 'string' && this.digests.of(previous.ids[previousIndex], { node: previous.nodeDigests[previousIndex], digest }) === digest ? 1 : 2
      this.previousState[previousIndex] = state
    }
    return state === 2
  }

  private knownDigest(key: string): { node: string; digest: string } | undefined {
    const previous = this.previous
    if (!previous) return undefined
    this.previousIndex ??= new Map(previous.ids.map((id, index) => [id, index]))
    const index = this.previousIndex.get(key)
    return index === undefined ? undefined : { node: previous.nodeDigests[index], digest: previous.digests[index] }
  }

  private remember(id: string, keys: string[], result: unknown): void {
    const reads = keys.map((key) => {
      let index = this.nextIndex.get(key)
      if (index === undefined) {
        index = this.next.ids.length
        this.next.ids.push(key)
        this.next.digests.push(this.digests.of(key, this.knownDigest(key)))
        this.next.nodeDigests.push(this.digests.nodeDigest(key))
        this.nextIndex.set(key, index)
      }
      return index
    })
    this.next.entries[id] = { reads, result }
  }
}

/** A value as JSON gives it back (what a stored result is): the same result whether stored or fresh. */
export function throughJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value ?? null)) as T
}

function isStored(value: unknown): value is Stored {
  const stored = value as Stored | null
  return stored !== null && typeof stored === 'object' && Array.isArray(stored.ids) && Array.isArray(stored.digests) && Array.isArray(stored.nodeDigests) && stored.ids.length === stored.digests.length && stored.ids.length === stored.nodeDigests.length && typeof stored.entries === 'object' && stored.entries !== null
}
