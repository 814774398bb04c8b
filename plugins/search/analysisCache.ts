import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
// The cache alone, not the whole engine: this module loads in the index worker, whose start-up should be quick.
import { PersistentCache } from 'sheaf/cache'
import type { AnalysisCache } from './buildSearchIndexes.ts'
import type { DocumentAnalysis } from './indexWriter.ts'

/**
 * Document analyses kept between builds (see PersistentCache), in a file named
 * after the code that analyses (tokenizer, term processing, options).
 */
export class PersistentAnalysisCache extends PersistentCache<DocumentAnalysis> implements AnalysisCache {
  /** `dir`: the cache folder (e.g. `.sheaf-cache/search`). */
  constructor(dir: string) {
    super(path.join(dir, `analyses-${analysisCodeDigest()}.json`))
  }
}

/** A digest of the modules whose code decides an analysis. */
export function analysisCodeDigest(): string {
  const shared = fileURLToPath(new URL('./shared/', import.meta.url))
  // Sources or their compiled copies (scripts/compile.mjs rewrites these URLs to .js).
  const files = [
    fileURLToPath(new URL('./indexWriter.ts', import.meta.url)),
    fileURLToPath(new URL('./indexState.ts', import.meta.url)),
    fileURLToPath(new URL('./indexStateStore.ts', import.meta.url)),
    ...fs
      .readdirSync(shared)
      .filter((name) => /\.[jt]s$/.test(name))
      .sort()
      .map((name) => path.join(shared, name)),
  ]
  const hash = createHash('sha1')
  for (const file of files) hash.update(fs.readFileSync(file))
  return hash.digest('hex').slice(0, 12)
}
