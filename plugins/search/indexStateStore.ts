import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { writeFileAtomic } from 'sheaf/cache'
import type { IndexState } from './indexState.ts'
import type { ShardMemo } from './indexShards.ts'

/**
 * Each index's state (see indexState.ts) between builds: one text file per index, a
 * first line of JSON (document keys and lengths, terms), then one serialized term entry
 * per line, then one document analysis per line, then its shard memo (JSON text holds no
 * raw newline; see serialize). Plain
 * lines, not one JSON document: 16 MB at N = 1,000 read and written in tens of
 * milliseconds, and a document's analysis is parsed only if the document changed.
 * Any read or write failure only costs speed (the index is then built in full).
 */
export class IndexStateStore {
  private readonly loaded = new Map<string, IndexState | null>()
  private readonly preloaded = new Map<string, IndexState | null>()
  private readonly unsaved = new Set<string>()

  /** `dir`: the search cache folder; `codeDigest`: of the code that analyses and writes (as the analysis cache's). */
  constructor(
    private readonly dir: string,
    private readonly codeDigest: string,
  ) {}

  get(indexKey: string): IndexState | undefined {
    if (!this.loaded.has(indexKey)) this.loaded.set(indexKey, this.preloaded.get(this.fileOf(indexKey)) ?? read(this.fileOf(indexKey)))
    return this.loaded.get(indexKey) ?? undefined
  }

  /** Reads every stored state now (a worker does, while the main thread is still transforming). */
  preload(): void {
    try {
      for (const name of fs.readdirSync(this.dir)) {
        if (name.startsWith(`index-${this.codeDigest}-`) && name.endsWith('.txt')) this.preloaded.set(path.join(this.dir, name), read(path.join(this.dir, name)))
      }
    } catch {
      // No folder yet: nothing to read.
    }
  }

  /** Keeps a build's state, to be written by `save` when it differs from the one read. */
  set(indexKey: string, state: IndexState): void {
    if (this.get(indexKey) === state) return
    this.loaded.set(indexKey, state)
    this.unsaved.add(indexKey)
  }

  /**
   * Writes the states `set` since the last save. Apart from `set`: the worker answers with the
   * indexes first and writes its state (15 MB at N = 1,000, 0.1 s) while the main thread emits them.
   */
  save(): void {
    for (const indexKey of this.unsaved) {
      const state = this.loaded.get(indexKey)
      if (!state) continue
      try {
        writeFileAtomic(this.fileOf(indexKey), serialize(state))
      } catch {
        // A read-only or full disk only costs speed.
      }
    }
    this.unsaved.clear()
  }

  private fileOf(indexKey: string): string {
    return path.join(this.dir, `index-${this.codeDigest}-${createHash('sha1').update(indexKey).digest('hex').slice(0, 12)}.txt`)
  }
}

/**
 * The file's lines: the head (document keys and lengths, terms, and how many shards the memo
 * has, -1 without one), one entry per term, one analysis per document, then the shard memo (see
 * ShardMemo): a line of JSON without the shards' contents, and one line per shard's content.
 */
function serialize(state: IndexState): string {
  const memo = state.shards
  const lines = [JSON.stringify({ docKeys: state.docKeys, lengths: state.lengths, terms: state.terms, shardCount: memo ? memo.shards.length : -1 }), ...state.entries, ...state.analyses]
  if (memo) {
    const shards = memo.shards.map(({ key, first, count, name }) => [key, first, count, name])
    lines.push(JSON.stringify({ documentCount: memo.documentCount, fragments: memo.fragments, capped: memo.capped, shards }), ...memo.shards.map((shard) => shard.content))
  }
  return lines.join('\n')
}

function read(file: string): IndexState | null {
  try {
    const lines = fs.readFileSync(file, 'utf8').split('\n')
    const { shardCount, ...head } = JSON.parse(lines[0]) as Pick<IndexState, 'docKeys' | 'lengths' | 'terms'> & { shardCount?: number }
    const documentsEnd = 1 + head.terms.length + head.docKeys.length
    const memoLines = typeof shardCount === 'number' && shardCount >= 0 ? 1 + shardCount : 0
    if (lines.length !== documentsEnd + memoLines || head.lengths.length !== head.docKeys.length) return null
    const state: IndexState = { ...head, entries: lines.slice(1, 1 + head.terms.length), analyses: lines.slice(1 + head.terms.length, documentsEnd) }
    if (memoLines) {
      const memo = JSON.parse(lines[documentsEnd]) as Omit<ShardMemo, 'shards'> & { shards: [string, string, number, string][] }
      if (memo.shards.length !== shardCount) return null
      state.shards = { ...memo, shards: memo.shards.map(([key, first, count, name], n) => ({ key, first, count, name, content: lines[documentsEnd + 1 + n] })) }
    }
    return state
  } catch {
    return null
  }
}
