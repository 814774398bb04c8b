import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { walkDirectory } from '../fs/walkDirectory.ts'

const skippedDirs = new Set(['node_modules', '.git', '.sheaf', '.sheaf-cache', 'build'])

/** Sorts as `Array.prototype.sort` does by default, so digests stay what they were. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** A digest of every file under the given paths (files or folders), in a stable order. */
export function fingerprintPaths(paths: string[]): string {
  const hash = createHash('sha1')
  const visit = (target: string) => {
    if (!fs.existsSync(target)) {
      hash.update(`missing:${target}\0`)
      return
    }
    if (fs.statSync(target).isFile()) {
      hashFile(target)
      return
    }
    const entries = walkDirectory(target, {
      compare: byCodeUnits,
      // Source maps change only with the code they map.
      skip: ({ dirent }) =>
        skippedDirs.has(dirent.name) || dirent.name.endsWith('.generated.ts') || dirent.name.endsWith('.map'),
      // Links are followed: what a linked file holds is what gets loaded.
      followLink: () => true,
    })
    for (const entry of entries) {
      if (entry.dirent.isFile()) hashFile(entry.path)
      else if (entry.dirent.isSymbolicLink()) visitLink(entry.path)
    }
  }
  const hashFile = (file: string) => hash.update(`${file}\0`).update(fs.readFileSync(file)).update('\0')
  // A link to a folder was entered by the walk; a link to a file is hashed; a broken one is named.
  const visitLink = (file: string) => {
    if (!fs.existsSync(file)) hash.update(`missing:${file}\0`)
    else if (fs.statSync(file).isFile()) hashFile(file)
  }
  for (const target of [...new Set(paths)].sort()) visit(target)
  return hash.digest('hex')
}

/**
 * The engine's own code as it runs (`dir`: the compiled folder holding engine/ and plugins/), the plugins shipped with
 * it (their client code is bundled, their resolvers shape page data) and the installed packages: a change to any
 * invalidates every cache.
 */
export function engineFingerprint(code: { dir: string; packageJson: string }, root: string): string {
  // SHEAF_ENGINE_SALT stands in for a new engine version in tests.
  return (
    fingerprintPaths([
      path.join(code.dir, 'engine'),
      path.join(code.dir, 'plugins'),
      code.packageJson,
      path.join(root, 'package-lock.json'),
    ]) + (process.env.SHEAF_ENGINE_SALT ?? '')
  )
}
