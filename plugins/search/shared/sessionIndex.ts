import type MiniSearch from 'minisearch'
import type { RunQuery } from './searchPages.ts'
import { loadShards } from './shardIndex.ts'
import type { IndexShard, SectionDocument, ShardedIndexMeta } from './types.ts'

/**
 * At most this many shards in the session's MiniSearch: past it, a query that needs a shard the
 * index lacks starts a new one from its own shards, so making it again costs no more than this.
 */
export const maxSessionShards = 64

type IndexMeta = Pick<ShardedIndexMeta, 'documentCount' | 'fieldIds' | 'averageFieldLength'>

/**
 * The shards a session has read, kept as one MiniSearch (see shardIndex.ts) that is made again
 * only when a query needs a shard it lacks: typing on ('rend', 'rende', 'render') or asking
 * again costs a MiniSearch search, not a `loadJS` of the query's shards.
 *
 * A query still sees only the terms of its own shards: its search skips any other term
 * through `boostDocument` (MiniSearch documents that a falsy boost skips the result), so the
 * answer is the one an index of exactly its shards gives, whatever else the session read.
 */
export class SessionIndex {
  private readonly shards = new Map<string, { key: string; shard: IndexShard }>()
  private readonly shardOfTerm = new Map<string, string>()
  private readonly lengths = new Map<number, readonly (number | null)[]>()
  private readonly fragmentNames = new Map<number, string>()
  private index: MiniSearch<SectionDocument> | null = null
  private indexed = new Set<string>()

  constructor(private readonly meta: IndexMeta) {}

  /** Records a shard read from `path` (its key orders it among the others). */
  add(path: string, key: string, shard: IndexShard): void {
    if (this.shards.has(path)) return
    this.shards.set(path, { key, shard })
    for (const [term] of shard.index) this.shardOfTerm.set(term, path)
    for (const id in shard.fieldLength) this.lengths.set(Number(id), shard.fieldLength[id])
    for (const n in shard.fragments) this.fragmentNames.set(Number(n), shard.fragments[n])
  }

  /** A section's field lengths (title, header, content), from any shard that names it. */
  fieldLengths(id: number): readonly (number | null)[] {
    return this.lengths.get(id) ?? []
  }

  /** The file name of document fragment `n`, from any shard that names one of its sections. */
  fragmentName(n: number): string | undefined {
    return this.fragmentNames.get(n)
  }

  /** MiniSearch's search over the terms of the shards at `paths` (all added) and no others. */
  searchIn(paths: readonly string[]): RunQuery {
    const index = this.indexWith(paths)
    const allowed = new Set(paths)
    const boostDocument = (_id: unknown, term: string) => (allowed.has(this.shardOfTerm.get(term) ?? '') ? 1 : 0)
    return (query) => index.search(query, { boostDocument })
  }

  private indexWith(paths: readonly string[]): MiniSearch<SectionDocument> {
    if (this.index && paths.every((path) => this.indexed.has(path))) return this.index
    const union = new Set([...this.indexed, ...paths])
    this.indexed = union.size <= maxSessionShards ? union : new Set(paths)
    // In key order, whatever order the files arrived in (a term's scores are summed in the tree's order).
    const keyed = [...this.indexed].map((path) => this.shards.get(path)!)
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    this.index = loadShards(
      this.meta,
      keyed.map(({ shard }) => shard),
    )
    return this.index
  }
}
