import MiniSearch, { type AsPlainObject } from 'minisearch'
import { searchIndexOptions } from './searchIndexOptions.ts'
import type { IndexShard, SectionDocument, ShardedIndexMeta } from './types.ts'

/**
 * One shard as a MiniSearch of its own: its `toJSON` entries made a whole serialisation again,
 * with the whole index's document count and average field lengths, and loaded by MiniSearch
 * (`loadJS`). A term's postings are whole in its shard, so MiniSearch scores them exactly as the
 * whole index does (see shardResults.ts for a query over several shards).
 * A section's id is its short id (documents are added in id order from 0).
 */
export function loadShard(
  meta: Pick<ShardedIndexMeta, 'documentCount' | 'fieldIds' | 'averageFieldLength'>,
  shard: IndexShard,
): MiniSearch<SectionDocument> {
  const documentIds: Record<string, number> = {}
  for (const id in shard.fieldLength) documentIds[id] = Number(id)
  const plain = {
    documentCount: meta.documentCount,
    nextId: meta.documentCount,
    documentIds,
    fieldIds: meta.fieldIds,
    fieldLength: shard.fieldLength,
    averageFieldLength: meta.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index: shard.index,
    serializationVersion: 2,
  }
  return MiniSearch.loadJS<SectionDocument>(plain as unknown as AsPlainObject, searchIndexOptions)
}
