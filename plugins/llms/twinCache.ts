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
    const code = createHash('sha1')
      .update(fs.readFileSync(new URL('./toCleanMarkdown.ts', import.meta.url)))
      .digest('hex')
      .slice(0, 12)
    this.cache = new PersistentCache(path.join(dir, `twins-${code}.json`))
  }

  /** The cached twin for `parts`, or the converted one (then remembered). */
  get(parts: readonly string[], convert: () => string): string {
    return this.peek(parts) ?? this.put(parts, convert())
  }

  /** The cached twin for `parts` (marked as used by this build), if any. */
  peek(parts: readonly string[]): string | undefined {
    return this.cache.get(keyOf(parts))
  }

  /** Remembers a twin converted elsewhere (a worker thread); returns it. */
  put(parts: readonly string[], twin: string): string {
    return this.cache.set(keyOf(parts), twin)
  }

  save(): void {
    this.cache.save()
  }
}

function keyOf(parts: readonly string[]): string {
  return createHash('sha1').update(parts.join('\0')).digest('base64url')
}
