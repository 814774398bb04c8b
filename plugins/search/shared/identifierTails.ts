import type { Query } from 'minisearch'
import { foldText } from './normalizeText.ts'
import { camelBoundaryRE, minPartLength, tokenize } from './tokenize.ts'

/**
 * A camelCase query term also asks for its tails in titles and headings, at a discount: 'getByRole'
 * finds a heading that documents the family as `*ByRole` or `ByRole`, and
 * 'queryAllByText' finds `AllByText`. Tails are weaker than the term itself
 * (an exact `getByRole` still ranks first), and a tail carries the typo
 * budget of the whole term, so 'getByRloe' still reaches `ByRole`.
 */
export const tailBoost = 0.4

/** The camelCase tails of every query word, with the fuzzy distance each may use. */
export function identifierTails(query: string, fuzzyOf: (term: string) => number | false): Map<string, number | false> {
  const tails = new Map<string, number | false>()
  for (const word of tokenize(query)) {
    const parts = word.split(camelBoundaryRE)
    if (parts.length < 2) continue
    const whole = foldText(word)
    const budget = fuzzyOf(whole)
    // A tail keeps at least two parts: 'byRole' is still an identifier, 'role' alone is any word.
    for (let i = 1; i < parts.length - 1; i++) {
      const tail = foldText(parts.slice(i).join(''))
      if (tail.length < minPartLength || tail === whole) continue
      // Never more typos than a third of the tail: a short tail must not reach every short word.
      const allowed = budget === false ? false : Math.min(budget, Math.floor(tail.length / 3)) || false
      tails.set(tail, allowed)
    }
  }
  return tails
}

/**
 * The MiniSearch query for the identifier tails of `query`, with the boosts scaled down; null
 * when it has none. It is run on its own and its scores added to the query's: run as one OR
 * query, a tail would count as one more matched word, and MiniSearch multiplies a score by
 * the number of words matched (a section saying both `getByRole` and `ByRole` would double).
 */
export function identifierTailsQuery(
  query: string,
  boost: Record<string, number>,
  fuzzyOf: (term: string) => number | false,
): Query | null {
  const tails = identifierTails(query, fuzzyOf)
  if (tails.size === 0) return null
  const scaled = Object.fromEntries(Object.entries(boost).map(([field, value]) => [field, value * tailBoost]))
  // Titles and headings only: a family is named there (`*ByRole`); in body text a tail is noise, and a
  // content hit found by 'ByRole' alone would show a snippet without the word the reader typed.
  return {
    queries: [[...tails.keys()].join(' ')],
    combineWith: 'OR',
    fields: ['title', 'header'],
    boost: scaled,
    prefix: false,
    fuzzy: (term: string) => tails.get(term) ?? false,
  }
}
