import { sharedDataFile, sharedRefOf } from '../shared/sharedDataRef.ts'
import { withBase } from '../shared/routes.ts'
import type { PageData } from '../shared/types.ts'

/** The session's shared files, by hash: the first page's fetch serves every later navigation. */
const files = new Map<string, Promise<unknown>>()

/**
 * Resolves the shared-file references of page data (see engine/shared/sharedDataRef.ts): each is
 * fetched once per session (the files are content-addressed, so a cached one is always right)
 * and put back in its place, so templates and the layout see the data the server rendered with
 * and hydration matches. Page data without references is returned as it is.
 */
export function createSharedDataResolver(base: string) {
  const fetchShared = (hash: string): Promise<unknown> => {
    let file = files.get(hash)
    if (!file) {
      file = fetch(withBase(sharedDataFile(hash), base), { headers: { accept: 'application/json' } }).then(
        (response) => {
          if (!response.ok) throw new Error(`Loading shared page data ${hash} failed with HTTP ${response.status}`)
          return response.json() as Promise<unknown>
        },
      )
      files.set(hash, file)
      // A failed fetch is not kept, so the next page tries again.
      file.catch(() => files.delete(hash))
    }
    return file
  }
  return async function resolve(page: PageData): Promise<PageData> {
    const entries = Object.entries(page.layoutData ?? {})
    if (!entries.some(([, value]) => sharedRefOf(value))) return page
    const resolved = await Promise.all(
      entries.map(async ([key, value]) => {
        const hash = sharedRefOf(value)
        return [key, hash ? await fetchShared(hash) : value] as const
      }),
    )
    return { ...page, layoutData: Object.fromEntries(resolved) }
  }
}
