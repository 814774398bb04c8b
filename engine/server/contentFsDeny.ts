import path from 'node:path'

/** Vite's own `server.fs.deny` (8.x), kept: a list given in the config replaces it. */
const viteDefaultDeny = ['.env', '.env.*', '*.{crt,pem,key,p12,pfx,cer,der}', '.npmrc', '.yarnrc.yml', '**/.git/**']

/**
 * Vite's `server.fs.deny` for the dev server: its defaults, and every content folder. Vite serves
 * any file under the project root at its path (`/content/1.0/guide/leak.txt`), raw, and through
 * symbolic links (issue 38: a contributor's link to a file outside the project was served there).
 * A build publishes no content file at such a path: pages are rendered, and the public folder is
 * served at the site's root by its own middleware (which the deny list does not apply to, and
 * which publicFilesGuard checks). Vite answers a denied path with 403.
 *
 * Note: a content folder that holds the project root (`files({ dir: '.' })`) is not denied: that
 * would deny the theme's own modules. Its files are still never published by the build.
 */
export function contentFsDeny(contentRoots: readonly string[], projectRoot: string): string[] {
  const root = path.resolve(projectRoot)
  const denied = contentRoots.map((dir) => path.resolve(dir)).filter((dir) => !holds(dir, root))
  return [...viteDefaultDeny, ...denied.map((dir) => `${escapeGlob(dir.split(path.sep).join('/'))}/**`)]
}

/** Whether `dir` is `file` or a folder above it. */
function holds(dir: string, file: string): boolean {
  const relative = path.relative(dir, file)
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
}

/** A path as a literal in a picomatch pattern. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\](){}!+@\\]/g, '\\$&')
}
