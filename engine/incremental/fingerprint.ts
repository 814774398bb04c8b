import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const skippedDirs = new Set(['node_modules', '.git', '.sheaf', '.sheaf-cache', 'build'])

/** A digest of every file under the given paths (files or folders), in a stable order. */
export function fingerprintPaths(paths: string[]): string {
  const hash = createHash('sha1')
  const visit = (target: string) => {
    if (!fs.existsSync(target)) {
      hash.update(`missing:${target}\0`)
      return
    }
    const stat = fs.statSync(target)
    if (stat.isFile()) {
      hash.update(`${target}\0`).update(fs.readFileSync(target)).update('\0')
      return
    }
    for (const name of fs.readdirSync(target).sort()) {
      if (skippedDirs.has(name) || name.endsWith('.generated.ts')) continue
      visit(path.join(target, name))
    }
  }
  for (const target of [...new Set(paths)].sort()) visit(target)
  return hash.digest('hex')
}

/**
 * The engine's own code, the plugins shipped with it (their client code is bundled, their
 * resolvers shape page data) and the installed packages: a change to any invalidates every cache.
 */
export function engineFingerprint(engineDir: string, root: string): string {
  // SHEAF_ENGINE_SALT stands in for a new engine version in tests.
  const packageDir = path.join(engineDir, '..')
  return fingerprintPaths([engineDir, path.join(packageDir, 'plugins'), path.join(packageDir, 'package.json'), path.join(root, 'package-lock.json')]) + (process.env.SHEAF_ENGINE_SALT ?? '')
}
