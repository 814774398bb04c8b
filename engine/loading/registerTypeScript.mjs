// Lets this thread import TypeScript: the engine's own modules, a site's config, plugins and
// theme. Call once per thread (worker threads do not inherit hooks) before the first such import.
import { createRequire, register } from 'node:module'
import { engineCacheDir } from './engineCacheDir.mjs'

// Process-wide, not per module instance: the engine bundle carries a copy of this module.
const registeredKey = Symbol.for('sheaf.typescriptHooks')

/** `cacheDir`: where transformed modules are kept (default: node_modules/.cache/sheaf/typescript). */
export function registerTypeScript(options = {}) {
  if (globalThis[registeredKey]) return
  globalThis[registeredKey] = true
  // esbuild's inline source maps: stack traces name the TypeScript file and line.
  process.setSourceMapsEnabled(true)
  const esbuildVersion = createRequire(import.meta.url)('esbuild/package.json').version
  register('./typescriptHooks.mjs', import.meta.url, { data: { cacheDir: options.cacheDir ?? engineCacheDir('typescript'), esbuildVersion } })
}

