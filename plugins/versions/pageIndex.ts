import type { SheafNode } from 'sheaf'

export interface PageLike {
  path: string
  slug: string
  lang: string | null
  version: string | null
}

const indexes = new WeakMap<object, Map<string, SheafNode>>()

/** Pages by `version|lang|slug`, built once per node store. */
export function pagesByIdentity(store: { getNodesByType(type: string): SheafNode[] }): Map<string, SheafNode> {
  let index = indexes.get(store)
  if (!index) {
    index = new Map()
    for (const page of store.getNodesByType('Page')) index.set(identity(page as unknown as PageLike), page)
    indexes.set(store, index)
  }
  return index
}

export function identity(page: { version: string | null; lang: string | null; slug: string }): string {
  return `${page.version ?? ''}|${page.lang ?? ''}|${page.slug}`
}

/** Removes the first path segment from a slug: `/13.x/docs/a` -> `/docs/a`, `/13.x/` -> `/`. */
export function stripFirstSegment(slug: string): string {
  const rest = slug.split('/').slice(2).join('/')
  return `/${rest}`
}

/** The first segment of a slug or route: `/12.x/docs` -> `12.x`. */
export function firstSegment(route: string): string {
  return route.split('/')[1] ?? ''
}
