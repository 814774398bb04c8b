/**
 * How a sharded index splits its terms (SPEC-free detail shared by the build
 * and the browser). A term lives in the shard named by its first two
 * characters (one for a CJK term: a Han or kana character already narrows it
 * as much as two Latin letters). A shard that grows past the build's size
 * limit is split by one more character, recursively, so no shard's size grows
 * with the site; the terms exactly as long as the split key stay under it.
 * The browser holds the sorted list of keys (from the meta file) and finds a
 * term's shard as the longest key the term starts with.
 */

const cjkRE = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u

/** The key of a term's shard before any split: its first 2 code points (1 for CJK). */
export function baseShardKey(term: string): string {
  const chars = Array.from(term)
  return chars.slice(0, cjkRE.test(term) ? 1 : 2).join('')
}

/** At most this many shards are read to expand one prefix ('re' on a big site): bytes per query stay bounded. */
export const maxPrefixShards = 8

/**
 * The shards (by position in `keys`, sorted) that a query term needs: the one
 * holding the term and its near spellings, and, for a prefix search, those
 * holding longer terms that start with it (at most `maxPrefixShards`).
 * Fuzzy matches are looked for in the term's own shard; a typo in its first
 * characters ('rnder') is found by a second look (typoShards) when the first finds nothing.
 */
export function shardsForTerm(keys: readonly string[], term: string, prefix: boolean): number[] {
  const found = new Set<number>()
  const chars = Array.from(term)
  for (let length = chars.length; length > 0; length--) {
    const at = indexOf(keys, chars.slice(0, length).join(''))
    if (at >= 0) {
      found.add(at)
      break
    }
  }
  if (prefix) {
    // Keys longer than the term that start with it sit right after where the term would be sorted.
    let at = lowerBound(keys, term)
    let added = 0
    while (at < keys.length && keys[at].startsWith(term) && added < maxPrefixShards) {
      if (!found.has(at)) added += 1
      found.add(at++)
    }
  }
  return [...found].sort((a, b) => a - b)
}

/** At most this many shards are read on the second look for a typo (see typoShards). */
export const maxTypoShards = 6

/**
 * The shards a typo in a term's second or later character may hide in ('rnder' -> 'ren'): among
 * the keys sharing its first character, those within `budget` edits of a prefix of the term (the
 * shard of any spelling within `budget` edits has such a key), the closest and most specific
 * first, at most `maxTypoShards`. Read only when the term's own shard gave nothing, so an
 * ordinary query reads no more.
 */
export function typoShards(keys: readonly string[], term: string, budget = 1): number[] {
  const chars = Array.from(term)
  const first = chars[0]
  if (!first) return []
  const found: [at: number, distance: number, length: number][] = []
  for (let at = lowerBound(keys, first); at < keys.length && keys[at].startsWith(first); at++) {
    const key = Array.from(keys[at])
    const distance = prefixDistance(key, chars)
    if (distance <= budget) found.push([at, distance, key.length])
  }
  found.sort((a, b) => a[1] - b[1] || b[2] - a[2] || a[0] - b[0])
  return found
    .slice(0, maxTypoShards)
    .map(([at]) => at)
    .sort((a, b) => a - b)
}

/** The fewest edits that turn `key` into some prefix of `term` (Levenshtein, the key read whole). */
function prefixDistance(key: readonly string[], term: readonly string[]): number {
  let previous = Array.from({ length: term.length + 1 }, (_, j) => j)
  for (let i = 1; i <= key.length; i++) {
    const row = [i]
    for (let j = 1; j <= term.length; j++)
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (key[i - 1] === term[j - 1] ? 0 : 1))
    previous = row
  }
  return Math.min(...previous)
}

function indexOf(keys: readonly string[], key: string): number {
  const at = lowerBound(keys, key)
  return keys[at] === key ? at : -1
}

/** The first position whose key is not less than `key` (UTF-16 order, as `[].sort()`). */
function lowerBound(keys: readonly string[], key: string): number {
  let low = 0
  let high = keys.length
  while (low < high) {
    const mid = (low + high) >> 1
    if (keys[mid] < key) low = mid + 1
    else high = mid
  }
  return low
}
