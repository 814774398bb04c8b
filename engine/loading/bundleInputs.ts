import fs from 'node:fs'
import path from 'node:path'
import { nearestNodeModules } from '../incremental/cacheDirs.ts'

/**
 * A file a kept bundle was made from, as it was then: its size and modification time (-1: never taken as unchanged).
 */
export type BundleInput = [file: string, size: number, mtimeMs: number]

/**
 * How recently before a bundle started a file may have been saved and still be trusted as read:
 * file systems stamp a save with a clock that ticks every few milliseconds, so a second save of
 * the same size in the same tick would look unchanged. A file saved this recently is recorded as
 * never unchanged; it only costs the next run a bundle.
 */
const settleMs = 2000

/**
 * The inputs of a bundle esbuild started at `startedMs` (from its metafile), and npm's record of
 * the installed packages nearest `root` (see installedPackagesRecord): the bundle names the
 * packages' files by path, so an install that moves them makes it stale.
 */
export function bundleInputs(files: readonly string[], startedMs: number, root: string): BundleInput[] {
  const installed = installedPackagesRecord(root)
  return [...files, ...(installed ? [installed] : [])].map((file): BundleInput => {
    const stat = fs.statSync(path.resolve(file))
    return [path.resolve(file), stat.size, stat.mtimeMs >= startedMs - settleMs ? -1 : stat.mtimeMs]
  })
}

/** Whether every input is as the bundle recorded it (one stat each). */
export function inputsUnchanged(inputs: readonly BundleInput[]): boolean {
  for (const [file, size, mtimeMs] of inputs) {
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    if (!stat || stat.size !== size || stat.mtimeMs !== mtimeMs) return false
  }
  return true
}

/**
 * npm's record of what is installed (`node_modules/.package-lock.json`, rewritten by every
 * install, update or removal), nearest `root`; null without one.
 */
function installedPackagesRecord(root: string): string | null {
  const modules = nearestNodeModules(root)
  const record = modules && path.join(modules, '.package-lock.json')
  return record && fs.existsSync(record) ? record : null
}
