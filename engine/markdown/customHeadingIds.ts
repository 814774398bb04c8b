import type { Element, Text } from 'hast'

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
const fenceRE = /^ {0,3}(`{3,}|~{3,})/

/** Escapes the `{` of a trailing `{#id}` on every ATX heading line outside code fences (MDX only). */
export function escapeCustomHeadingIds(source: string): string {
  if (!source.includes('{#')) return source
  const lines = source.split('\n')
  let fence: string | null = null
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]
    const marker = fenceRE.exec(line)?.[1]
    if (fence) {
      // CommonMark: a closing fence is the same character, at least as long, and nothing after it.
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null
      continue
    }
    if (marker) {
      fence = marker
      continue
    }
    if (atxHeadingRE.test(line) && trailingIdRE.test(line)) {
      lines[index] = line.replace(/\{#(?=[^{}]*\}[ \t]*$)/u, '\\{#')
    }
  }
  return lines.join('\n')
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
