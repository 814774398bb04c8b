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
