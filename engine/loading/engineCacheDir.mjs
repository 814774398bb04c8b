// Where the engine keeps what it derives from its own code (transformed TypeScript): plain JavaScript, so bin/sheaf.js and the hooks can ask before any
// TypeScript loads.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** `node_modules/.cache/sheaf/<name>` beside the engine's packages (as Vite keeps node_modules/.vite), else `sheaf-<name>` in the system's temp folder. */
export function engineCacheDir(name) {
  const modules = fileURLToPath(new URL('../../node_modules', import.meta.url))
  return fs.existsSync(modules) ? path.join(modules, '.cache', 'sheaf', name) : path.join(os.tmpdir(), `sheaf-${name}`)
}
