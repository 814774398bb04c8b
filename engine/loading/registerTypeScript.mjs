// Lets this thread import TypeScript: the engine's own modules, a site's config, plugins and
// theme. Call once per thread (worker threads do not inherit hooks) before the first such import.
import fs from 'node:fs'
import { createRequire, register } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Process-wide, not per module instance: the engine bundle carries a copy of this module.
const registeredKey = Symbol.for('sheaf.typescriptHooks')

/** `cacheDir`: where transformed modules are kept (default: node_modules/.cache/sheaf/typescript). */
export function registerTypeScript(options = {}) {
  if (globalThis[registeredKey]) return
  globalThis[registeredKey] = true
  // esbuild's inline source maps: stack traces name the TypeScript file and line.
  process.setSourceMapsEnabled(true)
  const esbuildVersion = createRequire(import.meta.url)('esbuild/package.json').version
  register('./typescriptHooks.mjs', import.meta.url, { data: { cacheDir: options.cacheDir ?? typescriptCacheDir(), esbuildVersion } })
}

/** Beside the engine's packages, as its prebundled modules are (see prebundle.ts), else the system's temp folder. */
function typescriptCacheDir() {
  const modules = fileURLToPath(new URL('../../node_modules', import.meta.url))
  return fs.existsSync(modules) ? path.join(modules, '.cache', 'sheaf', 'typescript') : path.join(os.tmpdir(), 'sheaf-typescript')
}
