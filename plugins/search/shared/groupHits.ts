import { defaultSearchLimit } from './searchIndexOptions.ts'
import type { HitGroup, HitType, SearchHit } from './types.ts'

/** The order groups are shown in. */
export const hitTypes: readonly HitType[] = ['title', 'header', 'content']

/**
 * Splits ranked hits into the three groups (title, header, content), keeping
 * rank order and at most `limit` hits in each. Empty groups are left out.
 */
export function groupHits(hits: readonly SearchHit[], limit = defaultSearchLimit): HitGroup[] {
  return hitTypes
    .map((type) => ({ type, hits: hits.filter((hit) => hit.type === type).slice(0, limit) }))
    .filter((group) => group.hits.length > 0)
}
