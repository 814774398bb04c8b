import type http from 'node:http'
import { headersRulesText, type HeadersRule } from '../config/headersOption.ts'
import { headersForRoute, parseHeadersFile, type HeaderRule } from './headersFile.ts'

/** Parsed once per config (a rebuild's config is a new object). */
const parsed = new WeakMap<readonly HeadersRule[], HeaderRule[]>()

/**
 * The config's `headers` (see headersOption.ts) for a route after the base, as a host sends them
 * from the build's `_headers`: the same text the build writes, read as `sheaf preview` reads it,
 * so the dev server matches paths and joins repeated headers exactly as the preview does.
 */
export function configHeadersFor(rules: readonly HeadersRule[], route: string): Record<string, string> {
  if (rules.length === 0) return {}
  let known = parsed.get(rules)
  if (!known) {
    known = parseHeadersFile(headersRulesText(rules))
    parsed.set(rules, known)
  }
  return headersForRoute(known, route)
}

/** Sets them on a response before it is written (its own headers, given to writeHead, still win). */
export function applyConfigHeaders(rules: readonly HeadersRule[], route: string, response: http.ServerResponse): void {
  for (const [name, value] of Object.entries(configHeadersFor(rules, route))) response.setHeader(name, value)
}
