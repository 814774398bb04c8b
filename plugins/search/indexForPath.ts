import type { SheafNode } from 'sheaf'

/**
 * Which (version, language) a route belongs to. A page says so itself; for
 * any other route (a 404, `/12.x/unknown`) the language and version prefixes
 * it starts with decide, and the defaults (prefix '') fill in the rest.
 */
export function indexForPath(
  path: string,
  pages: readonly SheafNode[],
  pageByPath: (path: string) => SheafNode | undefined,
): { version: string | null; lang: string } {
  const page = pageByPath(path)
  if (page) return { version: (page.version as string | null | undefined) ?? null, lang: String(page.lang ?? '') }
  const langs = distinct(pages, 'lang', 'langPrefix')
  const versions = distinct(pages, 'version', 'versionPrefix')
  const lang = pickByPrefix(path, langs)
  const rest = lang?.prefix ? path.slice(lang.prefix.length + 1) || '/' : path
  const version = pickByPrefix(rest, versions)
  return { version: version?.value ?? null, lang: lang?.value ?? '' }
}

interface PrefixedValue {
  value: string | null
  prefix: string
}

function distinct(
  pages: readonly SheafNode[],
  field: 'lang' | 'version',
  prefixField: 'langPrefix' | 'versionPrefix',
): PrefixedValue[] {
  const seen = new Map<string, PrefixedValue>()
  for (const page of pages) {
    const value = (page[field] as string | null | undefined) ?? null
    const key = String(value)
    if (!seen.has(key)) seen.set(key, { value, prefix: String(page[prefixField] ?? '').replace(/^\/+|\/+$/g, '') })
  }
  return [...seen.values()]
}

function pickByPrefix(path: string, values: PrefixedValue[]): PrefixedValue | undefined {
  return (
    values.find((entry) => entry.prefix && (path === `/${entry.prefix}` || path.startsWith(`/${entry.prefix}/`))) ??
    values.find((entry) => !entry.prefix) ??
    values[0]
  )
}
