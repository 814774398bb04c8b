import fs from 'node:fs'
import path from 'node:path'

// Where a site's persistent cache lives: pure paths, so the CLI can look before it loads the engine.

/** The site's persistent cache folder, `.sheaf-cache/` (null: the build keeps no cache). */
export function siteCacheDir(root: string, cache: boolean | undefined): string | null {
  return cache === false ? null : path.join(root, '.sheaf-cache')
}

/** Where transformed markdown is kept between builds (null: no persistent cache). */
export function markdownCacheDir(root: string, cache: boolean | undefined): string | null {
  const dir = siteCacheDir(root, cache)
  return dir && path.join(dir, 'markdown')
}

/** Where highlighted code blocks are kept between builds (null: no persistent cache). */
export function highlightStoreDir(root: string, cache: boolean | undefined): string | null {
  const dir = siteCacheDir(root, cache)
  return dir && path.join(dir, 'highlight')
}

/**
 * Where client bundles are kept between builds: `node_modules/.cache/sheaf/bundle`, beside the
 * caches other build tools keep there (webpack's, Babel's), nearest the site root. A bundle depends
 * on the theme, the plugins' client modules, the site's settings, the engine and its packages, never
 * on content, so it outlives `.sheaf-cache`: a build that starts from no `.sheaf-cache` (a fresh
 * checkout in CI with its packages restored, or a writer clearing the content caches) reuses it
 * (0.9 s of CPU on this repository's site). `npm ci` removes it with node_modules. Without a
 * node_modules folder, bundles stay in the site's cache. Null: the build keeps no cache.
 */
export function bundleCacheDir(root: string, cache: boolean | undefined): string | null {
  const siteDir = siteCacheDir(root, cache)
  if (!siteDir) return null
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'node_modules'))) return path.join(dir, 'node_modules', '.cache', 'sheaf', 'bundle')
    if (path.dirname(dir) === dir) return path.join(siteDir, 'bundle')
  }
}
