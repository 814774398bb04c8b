import MiniSearch, { type AsPlainObject } from 'minisearch'
import { searchIndexOptions } from './searchIndexOptions.ts'
import type { IndexShard, SectionDocument, ShardedIndexMeta } from './types.ts'

/**
 * The shards a query needs, put back together as one MiniSearch serialisation (`toJSON`'s shape)
 * with the whole index's document count and average field lengths, and loaded by MiniSearch:
 * a term's postings are whole in its shard, so MiniSearch scores them exactly as the whole index.
 * A section's id is its short id (documents are added in id order from 0).
 */
export function loadShards(
  meta: Pick<ShardedIndexMeta, 'documentCount' | 'fieldIds' | 'averageFieldLength'>,
  shards: readonly IndexShard[],
): MiniSearch<SectionDocument> {
  const documentIds: Record<string, number> = {}
  const fieldLength: Record<string, (number | null)[]> = {}
  const index: AsPlainObject['index'] = []
  for (const shard of shards) {
    for (const id in shard.fieldLength) {
      documentIds[id] = Number(id)
      fieldLength[id] = shard.fieldLength[id]
    }
    for (const entry of shard.index) index.push(entry)
  }
  const plain = {
    documentCount: meta.documentCount,
    nextId: meta.documentCount,
    documentIds,
    fieldIds: meta.fieldIds,
    fieldLength,
    averageFieldLength: meta.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  }
  return MiniSearch.loadJS<SectionDocument>(plain as unknown as AsPlainObject, searchIndexOptions)
}
