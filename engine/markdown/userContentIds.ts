import type { Element, Root } from 'hast'
import { userContentPrefix } from './sanitizeSchema.ts'
import { walk } from './walk.ts'

/**
 * Ids written in content carry the `user-content-` prefix (sanitizeSchema.ts),
 * but authors link to them as written: `<a name="setup">` and `[setup](#setup)`.
 * Like GitHub, a `#x` that names no element on the page but matches a
 * `user-content-x` lands there: this rewrites same-page links so they work
 * without script, and the client's scrollToHash does the same for URLs
 * typed or linked from elsewhere.
 *
 * Returns the fragments that land on the page: every id, plus `x` for each
 * `user-content-x` (so `other.md#setup` passes the dead-link check).
 */
export function resolveUserContentHashes(tree: Root, ids: readonly string[]): string[] {
  const known = new Set(ids)
  walk<Element>(tree, 'element', (node) => {
    if (node.tagName !== 'a') return
    const href = node.properties.href
    if (typeof href !== 'string' || !href.startsWith('#') || href.length < 2) return
    const fragment = safeDecode(href.slice(1))
    if (!known.has(fragment) && known.has(userContentPrefix + fragment)) node.properties.href = `#${userContentPrefix}${href.slice(1)}`
  })
  const aliases = ids.filter((id) => id.startsWith(userContentPrefix)).map((id) => id.slice(userContentPrefix.length)).filter((alias) => alias && !known.has(alias))
  return [...ids, ...new Set(aliases)]
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
