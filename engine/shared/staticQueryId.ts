/**
 * The id of a static query, the same in the build (from the text it finds in a module's source)
 * and in the browser (from the text the `graphql` tag returns): a hash of the text with its
 * whitespace collapsed, so indentation a formatter or a minifier changes does not matter.
 * FNV-1a (64 bits as two 32-bit halves): no `node:crypto` in the browser, and a few queries per
 * site make a collision a non-issue (the build still refuses one: see collectStaticQueries).
 */
export function staticQueryId(query: string): string {
  const text = normalizeQuery(query)
  let low = 0x811c9dc5
  let high = 0xcbf29ce4
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    low = Math.imul(low ^ code, 0x01000193) >>> 0
    high = Math.imul(high ^ code ^ (low >>> 7), 0x01000193) >>> 0
  }
  return `${high.toString(16).padStart(8, '0')}${low.toString(16).padStart(8, '0')}`
}

/** The query text as ids see it: whitespace runs are one space, none at either end. */
export function normalizeQuery(query: string): string {
  return query.replace(/\s+/g, ' ').trim()
}
