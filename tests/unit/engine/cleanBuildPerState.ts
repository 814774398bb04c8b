import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Build outputs and caches inside a test's site: they are what a build writes, not what it reads. */
const notSources = /^(out-.*|build|\.sheaf|\.sheaf-cache|\.e2e-build-.*|\.build-.*)$/

/** A digest of every source file of `site` (relative path and bytes), outputs and caches left out. */
export function sourcesDigest(site: string): string {
  const hash = createHash('sha256')
  const walk = (relative: string) => {
    const entries = fs
      .readdirSync(path.join(site, relative), { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))
    for (const entry of entries) {
      if (!relative && notSources.test(entry.name)) continue
      const child = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(child)
      else
        hash
          .update(`${child}\0`)
          .update(fs.readFileSync(path.join(site, child)))
          .update('\0')
    }
  }
  walk('')
  return hash.digest('hex')
}

/**
 * Wraps a test file's clean build (no cache) so it runs once per state of the site's sources: a
 * case that changes no source (it deletes a file from the previous output, or stands in for a new
 * engine version, which a build without its cache never reads) compares with the clean output the
 * previous case made of the very same sources, instead of making it again (a clean build of the
 * basic fixture bundles the theme and the client anew: the largest cost of these files).
 */
export function cleanBuildPerState<Result>(site: string, cleanBuild: () => Promise<Result>): () => Promise<Result> {
  let last: { digest: string; result: Result } | undefined
  return async () => {
    const digest = sourcesDigest(site)
    if (last?.digest !== digest) last = { digest, result: await cleanBuild() }
    return last.result
  }
}
