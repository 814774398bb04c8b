import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { AnalysisCache } from './buildSearchIndexes.ts'
import type { DocumentAnalysis } from './indexWriter.ts'

/**
 * Document analyses kept between builds: in memory for a long-lived process
 * (the dev server) and in one file under `.sheaf-cache/` for the next build.
 * The file holds only the entries the last build used, so it never grows
 * past the size of the site. The file is named after the code that analyses
 * (tokenizer, term processing, options), so changing it never reads stale entries.
 */
export class PersistentAnalysisCache implements AnalysisCache {
  private loaded: Map<string, DocumentAnalysis> | null = null
  private used = new Map<string, DocumentAnalysis>()
  private changed = false

  private readonly file: string

  /** `dir`: the cache folder (e.g. `.sheaf-cache/search`). */
  constructor(dir: string) {
    this.file = path.join(dir, `analyses-${analysisCodeDigest()}.json`)
  }

  get(key: string): DocumentAnalysis | undefined {
    const found = this.used.get(key) ?? this.load().get(key)
    if (found) this.used.set(key, found)
    return found
  }

  set(key: string, analysis: DocumentAnalysis): void {
    this.used.set(key, analysis)
    this.changed = true
  }

  /** Writes the entries this build used (when any was new or some went unused), and starts a new build. */
  save(): void {
    const previous = this.load()
    if (this.changed || previous.size !== this.used.size) {
      try {
        fs.mkdirSync(path.dirname(this.file), { recursive: true })
        const temporary = `${this.file}.${process.pid}.tmp`
        fs.writeFileSync(temporary, JSON.stringify(Object.fromEntries(this.used)))
        fs.renameSync(temporary, this.file)
      } catch {
        // A read-only or full disk only costs speed.
      }
    }
    this.loaded = this.used
    this.used = new Map()
    this.changed = false
  }

  private load(): Map<string, DocumentAnalysis> {
    if (!this.loaded) {
      try {
        this.loaded = new Map(Object.entries(JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record<string, DocumentAnalysis>))
      } catch {
        this.loaded = new Map()
      }
    }
    return this.loaded
  }
}

/** A digest of the modules whose code decides an analysis. */
function analysisCodeDigest(): string {
  const here = import.meta.dirname
  const files = [path.join(here, 'indexWriter.ts'), ...fs.readdirSync(path.join(here, 'shared')).filter((name) => name.endsWith('.ts')).sort().map((name) => path.join(here, 'shared', name))]
  const hash = createHash('sha1')
  for (const file of files) hash.update(fs.readFileSync(file))
  return hash.digest('hex').slice(0, 12)
}
