import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { PersistentCache } from 'sheaf/cache'

/**
 * Clean-markdown twins by everything they are made from (the source text, its
 * path, the version prefix, the site's routes and URL), kept between builds
 * (see PersistentCache) in a file named after the converter's code, so an edit
 * re-converts one page instead of re-parsing them all.
 */
export class TwinCache {
  private readonly cache: PersistentCache<string>

  constructor(dir: string) {
    const code = createHash('sha1').update(fs.readFileSync(path.join(import.meta.dirname, 'toCleanMarkdown.ts'))).digest('hex').slice(0, 12)
    this.cache = new PersistentCache(path.join(dir, `twins-${code}.json`))
  }

  /** The cached twin for `parts`, or the converted one (then remembered). */
  get(parts: readonly string[], convert: () => string): string {
    const key = createHash('sha1').update(parts.join('\0')).digest('base64url')
    return this.cache.get(key) ?? this.cache.set(key, convert())
  }

  save(): void {
    this.cache.save()
  }
}
