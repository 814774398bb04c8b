import { matchDocuments, type Matches } from './searchPages.ts'
import { countFailures, type Failures, type FileCache } from './sessionFiles.ts'
import type { SessionIndex } from './sessionIndex.ts'
import { shardsForTerm } from './shardKeys.ts'
import type { IndexShard, ShardedIndexMeta, ShardKeyTable } from './types.ts'

/** The key table holding a term's shard keys (those starting with its first character), or null when no key does. */
export function keyTablePath(meta: Pick<ShardedIndexMeta, 'keyTables'>, term: string): string | null {
  const first = Array.from(term)[0]
  const name = first === undefined ? undefined : meta.keyTables[first]
  return name ? `k/${name}.json` : null
}

/** The shards (paths under the index folder) a term needs, from its key table (see shardsForTerm). */
export function shardPathsForTerm(table: ShardKeyTable, term: string, prefix: boolean): string[] {
  return shardsForTerm(table.keys, term, prefix).map((n) => `s/${table.shards[n]}.json`)
}

/** Reads the key tables of the terms' first characters; gives each term's table (undefined: none, or failed). */
export async function readKeyTables(
  meta: ShardedIndexMeta,
  files: FileCache,
  terms: readonly string[],
  failures: Failures,
): Promise<(term: string) => ShardKeyTable | undefined> {
  const tables = new Map<string, ShardKeyTable>()
  const paths = new Set(terms.map((term) => keyTablePath(meta, term)).filter((path): path is string => path !== null))
  const reads = await Promise.allSettled(
    [...paths].map((path) => files<ShardKeyTable>(path).then((table) => tables.set(path, table))),
  )
  countFailures(reads, failures)
  return (term) => {
    const path = keyTablePath(meta, term)
    return path ? tables.get(path) : undefined
  }
}

/** A shard a query needs: its key (shards are put together in key order) and its path under the index folder. */
interface NeededShard {
  key: string
  path: string
}

/** The shards one query reads: those its terms need, read into the session's index. */
export class QueryShards {
  private readonly loaded: string[] = []
  private readonly asked = new Set<string>()
  private wanted: NeededShard[] = []

  constructor(
    private readonly files: FileCache,
    private readonly session: SessionIndex,
    private readonly failures: Failures,
  ) {}

  /** Adds the shards at `positions(table)` of a term's key table (none without a table). */
  need(table: ShardKeyTable | undefined, positions: (table: ShardKeyTable) => readonly number[]): void {
    if (!table) return
    for (const n of positions(table)) {
      const path = `s/${table.shards[n]}.json`
      if (this.asked.has(path)) continue
      this.asked.add(path)
      this.wanted.push({ key: table.keys[n], path })
    }
  }

  /** Loads the shards needed since the last load; false when there were none. */
  async load(): Promise<boolean> {
    const wanted = this.wanted
    this.wanted = []
    const reads = await Promise.allSettled(
      wanted.map(async ({ key, path }) => {
        this.session.add(path, key, await this.files<IndexShard>(path))
        this.loaded.push(path)
      }),
    )
    countFailures(reads, this.failures)
    return wanted.length > 0
  }

  /** The query's matches among the terms of the shards it loaded. */
  match(query: string): Matches {
    return matchDocuments(this.session.searchIn(this.loaded), query, (id) => this.session.fieldLengths(id))
  }
}
