import type { Root } from 'hast'
import { raw } from 'hast-util-raw'
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize'

/**
 * Front-matter strings may hold inline HTML, as Rspress lets a home page's hero and feature texts
 * do (`text: Tests that <em>read</em> like stories`). Content is untrusted, so such a string is
 * parsed and sanitized to inline phrasing only (no block elements, ids, handlers or scripts),
 * and reaches the theme as hast it renders with HastContent.
 */
const inlineSchema: Schema = {
  ...defaultSchema,
  tagNames: ['a', 'b', 'strong', 'em', 'i', 'code', 'br', 'span', 'sup', 'sub', 'kbd', 'mark', 'small', 's', 'del'],
  attributes: { a: ['href', 'title'], span: ['className'], code: ['className'] },
  clobber: [],
  strip: ['script', 'style'],
}

const tagRE = /<[a-zA-Z/!]/

/** A string with an HTML tag in it becomes sanitized inline hast; any other value is returned as it is. */
export function toInlineHtml(value: string): string | Root {
  if (!tagRE.test(value)) return value
  const parsed = raw({ type: 'root', children: [{ type: 'raw', value }] } as unknown as Root) as Root
  return sanitize(parsed, inlineSchema) as Root
}

/** The front-matter with every string that holds HTML made into inline hast (see toInlineHtml), deeply. */
export function frontmatterWithInlineHtml(value: unknown): unknown {
  if (typeof value === 'string') return toInlineHtml(value)
  if (Array.isArray(value)) return value.map(frontmatterWithInlineHtml)
  if (value && typeof value === 'object') {
    const result: Record<string, unknown> = {}
    for (const [key, entry] of Object.entries(value))
      Object.defineProperty(result, key, {
        value: frontmatterWithInlineHtml(entry),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    return result
  }
  return value
}
