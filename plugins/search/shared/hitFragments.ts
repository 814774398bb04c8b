import {
  cutMatches,
  titleCandidatesInReach,
  titleIsQuery,
  toHit,
  type HitDocument,
  type Matches,
} from './searchPages.ts'
import { countFailures, type Failures, type FileCache } from './sessionFiles.ts'
import type { SessionIndex } from './sessionIndex.ts'
import type { FragmentDocument, SearchHit, ShardedIndexMeta } from './types.ts'

/** The document fragments of one query's hits, named by the shards whose postings found them. */
export class Fragments {
  private readonly rows = new Map<number, FragmentDocument[]>()
  private readonly asked = new Set<number>()

  constructor(
    private readonly meta: Pick<ShardedIndexMeta, 'docsPerFragment'>,
    private readonly files: FileCache,
    private readonly session: SessionIndex,
    private readonly failures: Failures,
  ) {}

  async read(ids: readonly number[]): Promise<void> {
    const wanted = [...new Set(ids.map((id) => this.fragmentOf(id)))].filter((n) => !this.asked.has(n))
    for (const n of wanted) this.asked.add(n)
    const reads = await Promise.allSettled(
      wanted.map(async (n) => {
        const name = this.session.fragmentName(n)
        if (!name) throw new Error(`No shard names fragment ${n}`)
        this.rows.set(n, await this.files<FragmentDocument[]>(`d/${name}.json`))
      }),
    )
    countFailures(reads, this.failures)
  }

  row(id: number): FragmentDocument | undefined {
    return this.rows.get(this.fragmentOf(id))?.[id % this.meta.docsPerFragment]
  }

  private fragmentOf(id: number): number {
    return Math.floor(id / this.meta.docsPerFragment)
  }
}

/**
 * The best `limit` hits of each type, their fragments read (titles that may be the whole query
 * first: the bonus decides the order).
 */
export async function hitsOf(matches: Matches, fragments: Fragments, limit: number): Promise<SearchHit[]> {
  await fragments.read(titleCandidatesInReach(matches, limit))
  const ranked = cutMatches(matches, (id) => titleIsQuery(fragments.row(id)?.[1] ?? '', matches.query), limit)
  await fragments.read(ranked.map((entry) => entry.id))
  const hits: SearchHit[] = []
  for (const entry of ranked) {
    const row = fragments.row(entry.id)
    if (row) hits.push(toHit(entry, fragmentDocument(row), matches.query))
  }
  return hits
}

function fragmentDocument([routePath, title, anchor, header, text]: FragmentDocument): HitDocument {
  return { routePath, title, anchor, header, text }
}
