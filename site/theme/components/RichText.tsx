import type { Root, RootContent } from 'hast'
import type { ReactNode } from 'react'
import { HastContent } from 'sheaf/runtime'

/**
 * A front-matter text as the engine's `frontmatterHtml` gives it: a string, or sanitized inline
 * hast when the author wrote HTML in it (`text: Tests that <em>read</em> well`), as Rspress allows
 * in a home page's hero and features.
 */
export type RichText = string | Root

/** Inside a link (a linked feature card, a hero button) a link in the text becomes plain text: links do not nest. */
const unlinked = { a: ({ children }: { children?: ReactNode }) => <span>{children}</span> }

export function RichText({ value, inLink = false }: { value: RichText; inLink?: boolean }) {
  return typeof value === 'string' ? (
    <>{value}</>
  ) : (
    <HastContent tree={value} components={inLink ? unlinked : undefined} />
  )
}

/** The text of a RichText without its markup: for keys and labels. */
export function plainText(value: RichText | undefined): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  const text = (node: Root | RootContent): string =>
    node.type === 'text' ? node.value : 'children' in node ? node.children.map(text).join('') : ''
  return text(value)
}
