/**
 * Page data that many pages share (a version's sidebar) is written once, as a content-addressed
 * JSON file, and each page's data holds a reference to it in its place: `{ "$sheafShared": hash }`.
 * A 2.1 MB sidebar inlined in each of 50 pages (HTML and data file) made 900 MB of output; shared,
 * it is one file the browser fetches once and caches. Both sides use these rules: the build
 * writes the references (render/sharedPageData.ts), the client resolves them (client/sharedData.ts).
 */
export const sharedRefKey = '$sheafShared'

/** The folder of the shared files, under the output folder and the base. */
export const sharedDataFolder = '_sheaf/shared'

/** A reference's hash: hex, of a fixed length (anything else is not a reference the build wrote). */
export const sharedHashRE = /^[0-9a-f]{32}$/

/** The file of a shared value, relative to the output folder. */
export function sharedDataFile(hash: string): string {
  return `${sharedDataFolder}/${hash}.json`
}

/** The hash a value of the page data refers to, or null when it is no reference. */
export function sharedRefOf(value: unknown): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const keys = Object.keys(value)
  if (keys.length !== 1 || keys[0] !== sharedRefKey) return null
  const hash = (value as Record<string, unknown>)[sharedRefKey]
  return typeof hash === 'string' && sharedHashRE.test(hash) ? hash : null
}
