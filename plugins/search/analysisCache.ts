import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
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
  const here = import.meta.dirname
  const files = [path.join(here, 'indexWriter.ts'), path.join(here, 'indexState.ts'), path.join(here, 'indexStateStore.ts'), ...fs.readdirSync(path.join(here, 'shared')).filter((name) => name.endsWith('.ts')).sort().map((name) => path.join(here, 'shared', name))]
  const hash = createHash('sha1')
  for (const file of files) hash.update(fs.readFileSync(file))
  return hash.digest('hex').slice(0, 12)
}
