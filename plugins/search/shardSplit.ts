import { baseShardKey } from './shared/shardKeys.ts'

/** A shard is split by one more character past this many characters of JSON (about 6 KB gzip). */
export const maxShardChars = 24_000

/** One shard: its key and the positions of its terms in the sorted term list. */
export type ShardGroup = [key: string, termIndexes: number[]]

/**
 * Which terms go in which shard: grouped by their base key (see shardKeys.ts), a group whose
 * `sizes` add up to more than `maxShardChars` split by one more character, recursively. Sorted by key.
 */
export function groupTerms(terms: readonly string[], sizes: readonly number[]): ShardGroup[] {
  const groups = new Map<string, number[]>()
  terms.forEach((term, at) => {
    const key = baseShardKey(term)
    const group = groups.get(key)
    if (group) group.push(at)
    else groups.set(key, [at])
  })
  const shards: ShardGroup[] = []
  for (const [key, group] of groups) split(key, group, terms, sizes, shards)
  return shards.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

/** Splits a group that is too big by the next character; terms exactly as long as the key stay under it. */
function split(
  key: string,
  group: number[],
  terms: readonly string[],
  sizes: readonly number[],
  out: ShardGroup[],
): void {
  let size = 0
  for (const at of group) size += sizes[at]
  const keyLength = codePointLength(key)
  const longer = size <= maxShardChars ? [] : group.filter((at) => codePointLength(terms[at]) > keyLength)
  if (longer.length === 0) {
    out.push([key, group])
    return
  }
  const exact = group.filter((at) => codePointLength(terms[at]) === keyLength)
  if (exact.length) out.push([key, exact])
  const children = new Map<string, number[]>()
  for (const at of longer) {
    const child = Array.from(terms[at])
      .slice(0, keyLength + 1)
      .join('')
    const list = children.get(child)
    if (list) list.push(at)
    else children.set(child, [at])
  }
  for (const [child, list] of children) split(child, list, terms, sizes, out)
}

const surrogateRE = /[\uD800-\uDFFF]/

/** A string's length in code points, without the array for plain text. */
function codePointLength(text: string): number {
  return surrogateRE.test(text) ? Array.from(text).length : text.length
}
