import type { Element, Root } from 'hast'
import { toString } from 'hast-util-to-string'
import GithubSlugger from 'github-slugger'
import { walk } from './walk.ts'

export interface TocEntry {
  text: string
  id: string
  depth: number
  charIndex: number
}

export interface HeadingsResult {
  toc: TocEntry[]
  anchors: string[]
  firstH1?: string
}

const headingRE = /^h([1-6])$/

/**
 * Gives every heading a GitHub-style unique id (an explicit id is kept),
 * collects the outline (h1 skipped, SPEC §5) and every anchor on the page.
 * `charIndex` is filled later, once the page's plain text is known.
 */
export default function rehypeHeadings(result: HeadingsResult) {
  return (tree: Root) => {
    const slugger = new GithubSlugger()
    walk<Element>(tree, 'element', (node) => {
      const id = node.properties.id
      if (typeof id === 'string' && id) {
        slugger.slug(id)
        result.anchors.push(id)
      }
      const match = headingRE.exec(node.tagName)
      if (!match) return
      const depth = Number(match[1])
      const text = toString(node).trim()
      const headingId = typeof id === 'string' && id ? id : slugger.slug(text)
      node.properties.id = headingId
      if (!(typeof id === 'string' && id)) result.anchors.push(headingId)
      if (depth === 1) {
        result.firstH1 ??= text
        return
      }
      result.toc.push({ text, id: headingId, depth, charIndex: 0 })
    })
  }
}
