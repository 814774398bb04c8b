import type { Element, Text } from 'hast'
import { mapLinesOutsideFences } from './linesOutsideFences.ts'

/**
 * Custom heading ids, as Rspress, Docusaurus and VitePress write them: `## Options {#options}`.
 *
 * In markdown the `{#id}` is plain text until rehypeHeadings takes it off the heading
 * (takeCustomId). In MDX a `{` opens an expression, and `#options` is not JavaScript: before
 * parsing, a trailing `{#id}` on a heading line is escaped to `\{#id}` (escapeCustomHeadingIds),
 * which MDX reads as text, so both kinds of page reach rehypeHeadings the same way.
 */

/** A trailing `{#id}`: letters, digits, `-`, `_`, `.` and `:` (what an id and a URL fragment take unescaped). */
const trailingIdRE = /[ \t]*\{#([\p{L}\p{N}_][\p{L}\p{N}_.:-]*)\}[ \t]*$/u
const atxHeadingRE = /^ {0,3}#{1,6}[ \t]/

/**
 * Escapes the `{` of a trailing `{#id}` on every ATX heading line outside code fences (MDX only).
 * One already escaped (`## Title \{#id}`, as Rspress's own docs write it for MDX) is left as it is:
 * escaping its `{` again would make `\\` a backslash and open an expression.
 */
export function escapeCustomHeadingIds(source: string): string {
  if (!source.includes('{#')) return source
  return mapLinesOutsideFences(source, (line) =>
    atxHeadingRE.test(line) && trailingIdRE.test(line) ? line.replace(/(?<!\\)\{#(?=[^{}]*\}[ \t]*$)/u, '\\{#') : line,
  )
}

/** Removes a trailing `{#id}` from a heading element's text and returns the id (null when there is none). */
export function takeCustomId(heading: Element): string | null {
  const last = heading.children[heading.children.length - 1]
  if (!last || last.type !== 'text') return null
  const match = trailingIdRE.exec((last as Text).value)
  if (!match) return null
  const rest = (last as Text).value.slice(0, match.index)
  if (rest) (last as Text).value = rest.replace(/[ \t]+$/, '')
  else heading.children.pop()
  return match[1]
}
