import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Clean-markdown twins by everything they are made from (the source text, its
 * path, the version prefix, the site's routes and URL): kept in memory for the
 * dev server and in `.sheaf-cache/llms/` between builds, so an edit re-converts
 * one page instead of re-parsing them all. The file is named after the
 * converter's code, and holds only the entries the last build used.
 */
export class TwinCache {
  private previous: Map<string, string> | null = null
  private used = new Map<string, string>()
  private changed = false
  private readonly file: string

  constructor(dir: string) {
    const code = createHash('sha1').update(fs.readFileSync(path.join(import.meta.dirname, 'toCleanMarkdown.ts'))).digest('hex').slice(0, 12)
    this.file = path.join(dir, `twins-${code}.json`)
  }

  /** The cached twin for `parts`, or the converted one (then remembered). */
  get(parts: readonly string[], convert: () => string): string {
    const key = createHash('sha1').update(parts.join('\0')).digest('base64url')
    let twin = this.used.get(key) ?? this.load().get(key)
    if (twin === undefined) {
      twin = convert()
      this.changed = true
    }
    this.used.set(key, twin)
    return twin
  }

  /** Writes the entries this build used, when anything changed; the next build starts from them. */
  save(): void {
    if (this.changed || this.load().size !== this.used.size) {
      try {
        fs.mkdirSync(path.dirname(this.file), { recursive: true })
        const temporary = `${this.file}.${process.pid}.tmp`
        fs.writeFileSync(temporary, JSON.stringify(Object.fromEntries(this.used)))
        fs.renameSync(temporary, this.file)
      } catch {
        // A read-only or full disk only costs speed.
      }
    }
    this.previous = this.used
    this.used = new Map()
    this.changed = false
  }

  private load(): Map<string, string> {
    if (!this.previous) {
      try {
        this.previous = new Map(Object.entries(JSON.parse(fs.readFileSync(this.file, 'utf8')) as Record<string, string>))
      } catch {
        this.previous = new Map()
      }
    }
    return this.previous
  }
}
