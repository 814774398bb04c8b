import type { Element, ElementContent, Root } from 'hast'
import { toString } from 'hast-util-to-string'
import type { TocEntry } from './rehypeHeadings.ts'

export interface PageSection {
  /** Anchor of the heading that starts the section ('' for the text before the first heading). */
  anchor: string
  heading: string
  depth: number
  text: string
}

const sectionHeadingRE = /^h[1-6]$/
const skippedTags = new Set(['code-block', 'script', 'style'])
const blockTags = new Set([
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'details',
  'summary',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'br',
  'Tabs',
  'Tab',
])

/**
 * Splits a page's body into sections at each heading (for search hits that
 * point at `#anchor`) and returns the plain text with each toc entry's
 * `charIndex` filled in.
 */
export function extractText(tree: Root, toc: TocEntry[]): { text: string; sections: PageSection[] } {
  const sections: PageSection[] = [{ anchor: '', heading: '', depth: 0, text: '' }]
  const parts: string[] = []
  let length = 0
  const tocById = new Map(toc.map((entry) => [entry.id, entry]))
  for (const child of tree.children) {
    if (child.type === 'element' && sectionHeadingRE.test(child.tagName)) {
      const heading = toString(child).trim()
      const anchor = String(child.properties.id ?? '')
      const entry = tocById.get(anchor)
      if (entry) entry.charIndex = length
      sections.push({ anchor, heading, depth: Number(child.tagName[1]), text: '' })
      parts.push(heading)
      length += heading.length + 1
      continue
    }
    const text = blockText(child as ElementContent)
    if (!text) continue
    const section = sections[sections.length - 1]
    section.text = section.text ? `${section.text} ${text}` : text
    parts.push(text)
    length += text.length + 1
  }
  return { text: parts.join('\n'), sections: sections.filter((section, index) => index > 0 || section.text) }
}

function blockText(node: ElementContent): string {
  if (node.type === 'text') return node.value.trim()
  if (node.type !== 'element') return ''
  if (skippedTags.has(node.tagName)) return ''
  const pieces: string[] = []
  for (const child of node.children) {
    if (child.type === 'element' && skippedTags.has((child as Element).tagName)) continue
    if (child.type !== 'element') pieces.push(toString(child))
    // Block children are separated by a space; inline ones join as written.
    else pieces.push(blockTags.has(child.tagName) ? ` ${blockText(child)} ` : blockText(child))
  }
  return pieces.join('').replace(/\s+/g, ' ').trim()
}
