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
 * Returns the fragments that land on the page: every id and `<a name>`, plus
 * `x` for each `user-content-x` (so `other.md#setup` passes the dead-link check).
 */
export function resolveUserContentHashes(tree: Root, ids: readonly string[]): string[] {
  // A browser's jump to `#x` also lands on `<a name="x">`.
  const names: string[] = []
  const links: Element[] = []
  walk<Element>(tree, 'element', (node) => {
    if (node.tagName !== 'a') return
    if (typeof node.properties.name === 'string' && node.properties.name) names.push(node.properties.name)
    const href = node.properties.href
    if (typeof href === 'string' && href.length > 1 && href.startsWith('#')) links.push(node)
  })
  const targets = [...ids, ...names]
  const known = new Set(targets)
  for (const link of links) {
    const href = String(link.properties.href)
    const fragment = safeDecode(href.slice(1))
    if (!known.has(fragment) && known.has(userContentPrefix + fragment))
      link.properties.href = `#${userContentPrefix}${href.slice(1)}`
  }
  const aliases = targets
    .filter((id) => id.startsWith(userContentPrefix))
    .map((id) => id.slice(userContentPrefix.length))
    .filter((alias) => alias && !known.has(alias))
  return [...new Set([...targets, ...aliases])]
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
