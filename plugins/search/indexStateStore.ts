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
    if (!this.loaded.has(indexKey))
      this.loaded.set(indexKey, this.preloaded.get(this.fileOf(indexKey)) ?? read(this.fileOf(indexKey)))
    return this.loaded.get(indexKey) ?? undefined
  }

  /** Reads every stored state now (a worker does, while the main thread is still transforming). */
  preload(): void {
    try {
      for (const name of fs.readdirSync(this.dir)) {
        if (name.startsWith(`index-${this.codeDigest}-`) && name.endsWith('.txt'))
          this.preloaded.set(path.join(this.dir, name), read(path.join(this.dir, name)))
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
    return path.join(
      this.dir,
      `index-${this.codeDigest}-${createHash('sha1').update(indexKey).digest('hex').slice(0, 12)}.txt`,
    )
  }
}

/**
 * The file's lines: the head (document keys and lengths, terms, whether a shard memo follows),
 * one entry per term, one analysis per document, then the shard memo (see ShardMemo) if any.
 */
function serialize(state: IndexState): string {
  const memo = state.shards
  const lines = [
    JSON.stringify({
      docKeys: state.docKeys,
      lengths: state.lengths,
      terms: state.terms,
      pageSpans: state.pageSpans,
      memo: memo !== undefined,
    }),
    ...state.entries,
    ...state.analyses,
  ]
  if (memo)
    lines.push(
      JSON.stringify({ ...memo, shards: memo.shards.map(({ key, first, count, name }) => [key, first, count, name]) }),
    )
  return lines.join('\n')
}

function read(file: string): IndexState | null {
  try {
    const lines = fs.readFileSync(file, 'utf8').split('\n')
    const { memo, ...head } = JSON.parse(lines[0]) as Pick<
      IndexState,
      'docKeys' | 'lengths' | 'terms' | 'pageSpans'
    > & { memo?: boolean }
    const documentsEnd = 1 + head.terms.length + head.docKeys.length
    if (lines.length !== documentsEnd + (memo ? 1 : 0) || head.lengths.length !== head.docKeys.length) return null
    // Page spans that do not add up to the documents are dropped: every document is hashed again.
    if (!validSpans(head.pageSpans, head.docKeys.length)) delete head.pageSpans
    const state: IndexState = {
      ...head,
      entries: lines.slice(1, 1 + head.terms.length),
      analyses: lines.slice(1 + head.terms.length, documentsEnd),
    }
    if (memo) {
      const stored = JSON.parse(lines[documentsEnd]) as Omit<ShardMemo, 'shards'> & {
        shards: [string, string, number, string][]
      }
      state.shards = {
        ...stored,
        shards: stored.shards.map(([key, first, count, name]) => ({ key, first, count, name })),
      }
    }
    return state
  } catch {
    return null
  }
}

function validSpans(spans: unknown, documents: number): boolean {
  if (!Array.isArray(spans)) return false
  let total = 0
  for (const span of spans) {
    if (
      !Array.isArray(span) ||
      (span[0] !== null && typeof span[0] !== 'string') ||
      !Number.isInteger(span[1]) ||
      span[1] < 0
    )
      return false
    total += span[1]
  }
  return total === documents
}
