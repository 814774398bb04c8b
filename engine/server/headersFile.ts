import fs from 'node:fs'
import path from 'node:path'

/**
 * Reads a built site's `_headers` file (the Netlify/Cloudflare format the build writes, see
 * render/securityHeaders.ts), so `sheaf preview` sends what such a host would:
 *
 * ```
 * /*
 *   Content-Security-Policy: default-src 'self'; ...
 * ```
 *
 * A line that starts in column one is a path pattern (`*` matches anything, `:name` one segment);
 * the indented `Name: value` lines under it are its headers. Paths are those of the folder, as on a
 * host that serves it at its root: the preview matches them against the route after the base.
 */
export interface HeaderRule {
  pattern: RegExp
  headers: [name: string, value: string][]
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = []
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      rules.push({ pattern: pathPattern(line.trim()), headers: [] })
      continue
    }
    const colon = line.indexOf(':')
    const rule = rules.at(-1)
    // A header before any path, or a line without a colon, is ignored, as the hosts do.
    if (!rule || colon < 0) continue
    const name = line.slice(0, colon).trim()
    const value = line.slice(colon + 1).trim()
    if (/^[!#$%&'*+.^`|~\w-]+$/.test(name) && !/[\r\n]/.test(value)) rule.headers.push([name.toLowerCase(), value])
  }
  return rules
}

function pathPattern(pattern: string): RegExp {
  const source = pattern
    .split(/(\*|:[A-Za-z_]\w*)/)
    .map((part) =>
      part === '*'
        ? '.*'
        : part.startsWith(':') && part.length > 1
          ? '[^/]+'
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('')
  return new RegExp(`^${source}$`)
}

/**
 * The headers of every rule that matches `route`; a header set by several rules gets their values joined by `, `, as
 * the hosts do.
 */
export function headersForRoute(rules: readonly HeaderRule[], route: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const rule of rules) {
    if (!rule.pattern.test(route)) continue
    for (const [name, value] of rule.headers) headers[name] = headers[name] ? `${headers[name]}, ${value}` : value
  }
  return headers
}

/**
 * The `_headers` rules of a folder, read again whenever the file changes (a build swaps in a new
 * folder under a running preview). No file: no rules.
 */
export function headersFileReader(dir: string): () => HeaderRule[] {
  const file = path.join(dir, '_headers')
  let known: { key: string; rules: HeaderRule[] } = { key: '', rules: [] }
  return () => {
    let key: string
    try {
      const stat = fs.statSync(file)
      key = `${stat.ino}:${stat.mtimeMs}:${stat.size}`
      if (key !== known.key) known = { key, rules: parseHeadersFile(fs.readFileSync(file, 'utf8')) }
    } catch {
      // Missing (or replaced mid-read): no rules until it is back.
      known = { key: '', rules: [] }
    }
    return known.rules
  }
}
