import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder of the Sheaf package that is running (the one with its package.json): the same
 * answer from the sources (engine/) and from their compiled copy (dist/engine/), whose depths differ.
 */
export const packageRoot: string = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)))

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}: the Sheaf package is incomplete.`)
  }
}

/** The folder compiled JavaScript is loaded from (see scripts/compile.mjs). */
export const compiledRoot: string = path.join(packageRoot, 'dist')
