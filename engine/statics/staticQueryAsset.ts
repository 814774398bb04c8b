import { createHash } from 'node:crypto'
import { escapeForScript } from '../shared/inlinePageData.ts'
import { withBase } from '../shared/routes.ts'

/** The site's static query results as the one file the client loads (see PageData.staticQueries). */
export interface StaticQueryAsset {
  /** The file, relative to the output folder: `_sheaf/static/<hash>.json`. */
  file: string
  /** Its URL under the base. */
  url: string
  /** Its text. */
  json: string
  /** The hash of its text: part of every page's cache key, since every page may show a result. */
  hash: string
}

/**
 * Writes the results as JSON safe anywhere it may land: in a file the client fetches, or inlined
 * in a `<script>` (every `<`, `>` and line separator escaped, see escapeForScript), so a
 * `</script>` in a data file cannot end an element and run what follows. Keys are data too:
 * an `__proto__` key is written as an ordinary key, and JSON.parse reads it back as one (an own
 * property, never the object's prototype).
 */
export function staticQueryAsset(results: Readonly<Record<string, unknown>>, base: string): StaticQueryAsset {
  const json = escapeForScript(JSON.stringify(results))
  const hash = createHash('sha1').update(json).digest('hex').slice(0, 16)
  const file = `_sheaf/static/${hash}.json`
  return { file, url: withBase(`/${file}`, base), json, hash }
}
