import { createHash } from 'node:crypto'
import { sharedDataFile, sharedRefKey } from '../shared/sharedDataRef.ts'
import type { PageData } from '../shared/types.ts'

/**
 * A layout query's field whose JSON is at least this long is shipped as a shared file instead of
 * inline. The layout's fields are what pages have in common (sidebar, navigation, versions); a
 * small one costs less inline than a request. This site's sidebars are 3-12 KB.
 */
export const minSharedLength = 1024

/** A value written once for every page that refers to it (see engine/shared/sharedDataRef.ts). */
export interface SharedChunk {
  /** Relative to the output folder. */
  file: string
  json: string
}

/**
 * The page data as shipped (inline in the HTML and in its data file): each large field of the
 * layout's data replaced by a reference to its shared file. The server render uses the whole data,
 * so the HTML holds the sidebar's markup as before; the client reads the shared file before it
 * hydrates or shows the page. Pure and deterministic: the main thread and the render worker
 * derive the same references from the same data.
 */
export function splitSharedData(page: PageData): { shipped: PageData; chunks: SharedChunk[] } {
  const chunks: SharedChunk[] = []
  let layoutData: Record<string, unknown> | null = null
  for (const [key, value] of Object.entries(page.layoutData)) {
    if (value === null || typeof value !== 'object') continue
    const json = JSON.stringify(value)
    if (json.length < minSharedLength) continue
    const hash = hashOf(json)
    layoutData ??= { ...page.layoutData }
    layoutData[key] = { [sharedRefKey]: hash }
    chunks.push({ file: sharedDataFile(hash), json })
  }
  return { shipped: layoutData ? { ...page, layoutData } : page, chunks }
}

// Every page of a version hashes the same sidebar: its hash is kept, by its text, up to a bound.
const hashes = new Map<string, string>()
const hashMemoLimit = 64

function hashOf(json: string): string {
  let hash = hashes.get(json)
  if (hash === undefined) {
    hash = createHash('sha256').update(json).digest('hex').slice(0, 32)
    if (hashes.size >= hashMemoLimit) hashes.clear()
    hashes.set(json, hash)
  }
  return hash
}
