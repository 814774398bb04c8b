import type { CspDirectives } from './contentSecurityPolicy.ts'

/**
 * The second policy every page ships beside the site's own: scripts and workers only from the
 * build's assets folder (`/base/assets/`), not from any file of the origin (issue 38: `'self'`
 * let a contributor's `evil.js` in the public folder run, and a `sw.js` register as a service
 * worker that answered every later navigation).
 *
 * A path needs a host in CSP (`'self'` takes none), so the path source is `*:*` + the path, which
 * alone would allow that path on any host and port. (Not `*` + the path: a source without a port
 * matches only the scheme's default one, and Chromium's `*` host matches no IP address, so the
 * assets of a preview on 127.0.0.1:4173 were blocked.) Two policies are both enforced, so a script must pass
 * each: the site's (`'self'`: this origin) and this one (this path): together, this origin's
 * assets folder. Other sources (a plugin's analytics host, the inline hashes) are in both.
 * Only `script-src` and `worker-src` are narrowed: the rest stays the site's policy. A plugin that
 * loads a script from elsewhere on the origin names its path as a source (`/_vercel/insights/script.js`).
 */
export function assetScriptDirectives(directives: CspDirectives, assetsPath: string): CspDirectives | null {
  const scripts = directives['script-src'] ?? directives['default-src']
  if (!scripts || !scripts.includes("'self'") || !assetsPathRE.test(assetsPath)) return null
  const workers = directives['worker-src'] ?? scripts
  // A path source (`/_vercel/insights/script.js`, from a plugin) is a file of this origin outside the assets: allowed
  // by its path too.
  const narrowed = (sources: readonly string[]) =>
    sources.map((source) =>
      source === "'self'" ? `*:*${assetsPath}` : source.startsWith('/') ? `*:*${source}` : source,
    )
  return { 'script-src': narrowed(scripts), 'worker-src': narrowed(workers) }
}

/**
 * The folder of the build's client entry (`/base/assets/entry-x.js` -> `/base/assets/`); null when it is not a path of
 * the origin.
 */
export function assetsPathOf(entryUrl: string): string | null {
  const folder = entryUrl.slice(0, entryUrl.lastIndexOf('/') + 1)
  return assetsPathRE.test(folder) ? folder : null
}

// A path of the origin that ends in a folder, with nothing that would end the source or the directive.
const assetsPathRE = /^\/(?:[^\s;,'*]*\/)?$/
