import type { NodeStore } from '../store/nodeStore.ts'
import { ReadDigests } from './readKey.ts'

/**
 * Reads as a cache file keeps them: every read key once, with what it saw, so that an entry
 * lists indexes. Pages of a section read the same hundreds of sidebar-mates, and a table of
 * digests per entry made the page cache's manifest grow with pages x section size (5,000
 * pages: hundreds of MB).
 */
export interface StoredReads {
  /** Every read key any entry recorded, once (read keys: a node, or some of its fields). */
  ids: string[]
  /** What each read saw (see ReadDigests), parallel to `ids`: a read whose digest differs now has changed. */
  digests: string[]
  /** The content digest of each read's node when its digest was taken, parallel to `ids`. */
  nodeDigests: string[]
}

export function isStoredReads(value: unknown): value is StoredReads {
  const reads = value as StoredReads | null
  return (
    reads !== null &&
    typeof reads === 'object' &&
    Array.isArray(reads.ids) &&
    Array.isArray(reads.digests) &&
    Array.isArray(reads.nodeDigests) &&
    reads.ids.length === reads.digests.length &&
    reads.ids.length === reads.nodeDigests.length
  )
}

/**
 * The reads of a cache's entries: the last build's (to check) and this build's (to store), for
 * the page cache and the query memo alike. Each read's digest is computed once per build and
 * compared with the one stored for it, so checking an entry costs an array lookup per read
 * (a page of a 200-page section reads 200 sidebar-mates; hashing them per page took a quarter
 * of a second at N = 1,000).
 */
export class ReadTable {
  /** This build's reads, to store (entries made now list indexes into it). */
  readonly next: StoredReads = { ids: [], digests: [], nodeDigests: [] }
  private readonly nextIndex = new Map<string, number>()
  private readonly digests: ReadDigests
  /** Per previous read index: 0 not checked yet, 1 unchanged, 2 changed. */
  private readonly previousState: Uint8Array
  private previousIndex: Map<string, number> | undefined

  constructor(
    store: NodeStore,
    private readonly previous: StoredReads | null,
  ) {
    this.digests = new ReadDigests(store)
    this.previousState = new Uint8Array(previous?.ids.length ?? 0)
  }

  /** Whether the last build's read at this index sees something else now (an index out of range has). */
  changedSince(previousIndex: number): boolean {
    let state = this.previousState[previousIndex]
    if (state === 0) {
      const previous = this.previous as StoredReads
      const digest = previous.digests[previousIndex]
      state =
        typeof digest === 'string' &&
        this.digests.of(previous.ids[previousIndex], { node: previous.nodeDigests[previousIndex], digest }) === digest
          ? 1
          : 2
      this.previousState[previousIndex] = state
    }
    return state !== 1
  }

  /** The read keys of a last build's entry (its indexes). */
  previousKeys(indexes: number[]): string[] {
    const ids = this.previous?.ids ?? []
    return indexes.map((index) => ids[index])
  }

  /** What an entry records of the reads its queries made: those of nodes that exist, in order. */
  recorded(reads: Iterable<string>): string[] {
    return [...reads].filter((key) => this.digests.exists(key)).sort()
  }

  /** This build's indexes of these read keys, each added to `next` with its digest on first use. */
  indexesOf(keys: string[]): number[] {
    return keys.map((key) => {
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
  }

  /**
   * The last build's digest of a read, with the node digest it was taken at (so an unchanged node is not hashed again).
   */
  private knownDigest(key: string): { node: string; digest: string } | undefined {
    const previous = this.previous
    if (!previous) return undefined
    this.previousIndex ??= new Map(previous.ids.map((id, index) => [id, index]))
    const index = this.previousIndex.get(key)
    return index === undefined ? undefined : { node: previous.nodeDigests[index], digest: previous.digests[index] }
  }
}
