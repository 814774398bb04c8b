import type MiniSearch from 'minisearch'
import type { RunQuery } from './searchPages.ts'
import { loadShard } from './shardIndex.ts'
import { searchShards } from './shardResults.ts'
import type { IndexShard, SectionDocument, ShardedIndexMeta } from './types.ts'

type IndexMeta = Pick<ShardedIndexMeta, 'documentCount' | 'fieldIds' | 'averageFieldLength'>

/**
 * The shards a session has read, each loaded into a MiniSearch of its own once (see
 * shardIndex.ts), so a query costs MiniSearch searches of its shards, never a `loadJS` of
 * shards the session already has: typing on ('rend', 'rende', 'render') or asking again
 * reads nothing and loads nothing.
 *
 * A query searches exactly its own shards (never others the session happened to read), so
 * its answer depends on the query alone.
 */
export class SessionIndex {
  private readonly shards = new Map<string, { key: string; index: MiniSearch<SectionDocument> }>()
  private readonly lengths = new Map<number, readonly (number | null)[]>()
  private readonly fragmentNames = new Map<number, string>()

  constructor(private readonly meta: IndexMeta) {}

  /** Loads a shard read from `path` (its key orders it among the others). */
  add(path: string, key: string, shard: IndexShard): void {
    if (this.shards.has(path)) return
    this.shards.set(path, { key, index: loadShard(this.meta, shard) })
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

  /** MiniSearch's search over the shards at `paths` (all added), as one index of them answers it. */
  searchIn(paths: readonly string[]): RunQuery {
    // In key order, whatever order the files arrived in: a section's parts are summed in one order.
    const keyed = paths.map((path) => this.shards.get(path)!)
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    const indexes = keyed.map(({ index }) => index)
    return (query) => searchShards(indexes, query)
  }
}
