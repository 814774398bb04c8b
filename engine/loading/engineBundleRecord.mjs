// Where the engine's prebundled copy is recorded, and whether it is still fresh: plain JavaScript,
// read by bin/sheaf.js before any TypeScript can load (see engineBundle.ts, which writes it).
import fs from 'node:fs'
import path from 'node:path'
import { engineCacheDir } from './engineCacheDir.mjs'

/** Bump with engineBundle.ts's layout: a record of another layout is never read. */
export const engineBundleLayout = 2

/** The folder the bundle and its record live in. */
export function engineBundleDir() {
  return engineCacheDir('engine')
}

export function engineBundleRecordFile() {
  return path.join(engineBundleDir(), 'engine.json')
}

/**
 * The bundle's entries (`cli`, and each public specifier: `sheaf`, `sheaf/runtime`, ...) as file
 * URLs, when the record was written for this layout and this Node, and every input esbuild read
 * still has its size and mtime (about 150 stats); null otherwise.
 */
export function freshEngineBundle() {
  let record
  try {
    record = JSON.parse(fs.readFileSync(engineBundleRecordFile(), 'utf8'))
  } catch {
    return null
  }
  if (record?.layout !== engineBundleLayout || record.node !== process.version || !record.entries || !Array.isArray(record.inputs)) return null
  for (const [file, size, mtimeMs] of record.inputs) {
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    if (!stat || stat.size !== size || stat.mtimeMs !== mtimeMs) return null
  }
  return record.entries
}

const entriesKey = Symbol.for('sheaf.engineBundle')

/** Says which bundle this process runs from (bin/sheaf.js), for the modules that load a site's files. */
export function useEngineBundle(entries) {
  globalThis[entriesKey] = entries
}

/** The entries of the bundle this process runs from, or null when it runs from the TypeScript sources. */
export function runningEngineBundle() {
  return globalThis[entriesKey] ?? null
}
