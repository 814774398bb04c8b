import type { Element, Root } from 'hast'
import { toString } from 'hast-util-to-string'
import GithubSlugger from 'github-slugger'
import { engineReservedIds, isReservedId } from '../shared/reservedIds.ts'
import { takeCustomId } from './customHeadingIds.ts'
import { resolveUserContentHashes } from './userContentIds.ts'
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

export interface HeadingsOptions {
  /** Ids the theme's layout and templates use (`content` for the `<main>`); the engine's own are always reserved. */
  reservedIds?: readonly string[]
}

const headingRE = /^h([1-6])$/

/**
 * Gives every heading a GitHub-style unique id (an explicit id is kept),
 * collects the outline (h1 skipped, SPEC §5) and every anchor on the page.
 * A heading never takes a reserved id: `## Content` becomes `content-1` when
 * the layout's `<main>` is `#content`, as a second `## Content` would.
 * Explicit ids come from content, so the sanitizer has prefixed them (`user-content-`).
 * `charIndex` is filled later, once the page's plain text is known.
 */
export default function rehypeHeadings(result: HeadingsResult, options: HeadingsOptions = {}) {
  const reserved = new Set([...engineReservedIds, ...(options.reservedIds ?? [])])
  return (tree: Root) => {
    const slugger = new GithubSlugger()
    // Taken before the first heading: the slugger then counts past them (content-1, content-2, ...).
    for (const id of reserved) slugger.occurrences[id] = 0
    const ids: string[] = []
    walk<Element>(tree, 'element', (node) => {
      const id = node.properties.id
      if (typeof id === 'string' && id) {
        slugger.slug(id)
        ids.push(id)
      }
      const match = headingRE.exec(node.tagName)
      if (!match) return
      const depth = Number(match[1])
      // `## Options {#options}`: the author's id, kept as written unless reserved or taken already.
      const custom = takeCustomId(node)
      const text = toString(node).trim()
      const headingId =
        typeof id === 'string' && id
          ? id
          : custom
            ? customId(slugger, custom, reserved)
            : uniqueSlug(slugger, text, reserved)
      node.properties.id = headingId
      if (!(typeof id === 'string' && id)) ids.push(headingId)
      if (depth === 1) {
        result.firstH1 ??= text
        return
      }
      result.toc.push({ text, id: headingId, depth, charIndex: 0 })
    })
    // A loop, not push(...): spreading a page's every anchor as arguments overflowed the stack.
    for (const anchor of resolveUserContentHashes(tree, ids)) result.anchors.push(anchor)
  }
}

/** A custom heading id, or the next free one after it (`options-1`) when reserved or already used on the page. */
function customId(slugger: GithubSlugger, id: string, reserved: ReadonlySet<string>): string {
  const taken = Object.hasOwn(slugger.occurrences, id) || isReservedId(id, reserved)
  let unique = id
  for (let count = 1; taken && (Object.hasOwn(slugger.occurrences, unique) || isReservedId(unique, reserved)); count++)
    unique = `${id}-${count}`
  slugger.occurrences[unique] = 0
  return unique
}

/**
 * The slugger's next id for `text`. Exact reserved ids are already taken in the
 * slugger; one in a generated id space (`__sheaf*`, `_r_*`) gets an `h-` in front instead.
 */
function uniqueSlug(slugger: GithubSlugger, text: string, reserved: ReadonlySet<string>): string {
  const id = slugger.slug(text)
  return isReservedId(id, reserved) ? slugger.slug(`h-${text}`) : id
}
