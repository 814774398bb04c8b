import { SheafError } from '../errors.ts'

/**
 * Largest markdown page, in bytes of UTF-8, that is parsed (config: `markdown.maxPageSize`).
 * The parser holds several objects per character: a 10 MB page ran a build out of memory after
 * 77 s, and this site's largest page is 40 KB. Checked before anything reads the page.
 */
export const defaultMaxPageSize = 2 * 1024 * 1024

/** Throws a located error for a page larger than `limit` bytes. */
export function assertPageSize(source: string, file: string, limit: number = defaultMaxPageSize): void {
  // A string of n UTF-16 units is at least n and at most 3n bytes: count only when it matters.
  if (source.length <= limit / 3) return
  const bytes = Buffer.byteLength(source, 'utf8')
  if (bytes <= limit) return
  throw new SheafError(`The page is ${formatSize(bytes)}, more than the ${formatSize(limit)} a page may have.`, {
    file,
    line: 1,
    column: 1,
    hint:
      'split it into several pages (one per topic, listed in `_meta.json`), ' +
      'or raise `markdown.maxPageSize` in the config if it really must be one page.',
  })
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`
}
