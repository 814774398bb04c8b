import type { Image, Link, Root, RootContent } from 'mdast'
import { plainUrl } from './portableTemplate.ts'

/**
 * A page's portable markdown printed mostly by copying its own source.
 *
 * Why: serialising the whole converted tree (mdast-util-to-markdown, escaping every text node)
 * was 0.4 s of this site's cold build, plus its garbage, on the main thread at the end of the
 * build. Most blocks of a page are exactly what the conversion keeps: no directive, no MDX, no
 * front-matter, only their site-relative links' URLs rewritten. Such a top-level block is copied
 * from the parsed text, with each rewritten URL put where the source wrote the old one; the
 * others (containers, directives, links whose destination is not written plainly) are serialised
 * as before. Only for plain markdown: MDX reads indentation, `<` and `{` otherwise, so an MDX
 * page's text is not portable as it is.
 */

/** One part of the output: copied text, or converted blocks still to serialise. */
export type PortablePiece =
  | { kind: 'text'; value: string; first: string; last: string }
  | { kind: 'nodes'; nodes: RootContent[]; first: string; last: string }

/** What `link` made of each link and image (undefined: kept), and what converting a block gives. */
export interface SliceHooks {
  link(node: Link | Image): string | undefined
  /** The portable nodes of a block that is not copied (null: it has no portable form). */
  convert(node: RootContent, links: ReadonlyMap<Link | Image, string | undefined>): RootContent[] | null
  /**
   * Whether a rewritten URL may be written into the copied text (placeholders: always; a resolved URL: when it needs no
   * escaping).
   */
  copyable(node: Link | Image, url: string): boolean
}

/** Blocks whose text is never copied: what the conversion drops or rewrites as a whole. */
const rewritten = new Set([
  'yaml',
  'toml',
  'mdxjsEsm',
  'mdxFlowExpression',
  'mdxTextExpression',
  'mdxJsxFlowElement',
  'mdxJsxTextElement',
  'containerDirective',
  'leafDirective',
  'textDirective',
])
const dropped = new Set(['yaml', 'mdxjsEsm', 'mdxFlowExpression'])

/**
 * The pieces of a plain-markdown page's portable form, in order; null when a block has no
 * portable form. Calls `link` once per link and image, in document order (as the conversion does).
 */
export function slicePortable(tree: Root, text: string, hooks: SliceHooks): PortablePiece[] | null {
  const pieces: PortablePiece[] = []
  let run: { start: number; end: number; edits: Edit[]; first: string; last: string } | null = null
  const closeRun = () => {
    if (!run) return
    let value = ''
    let at = run.start
    for (const edit of run.edits) {
      value += text.slice(at, edit.start) + edit.value
      at = edit.end
    }
    value += text.slice(at, run.end)
    pieces.push({ kind: 'text', value, first: run.first, last: run.last })
    run = null
  }
  for (const block of tree.children) {
    if (dropped.has(block.type)) {
      closeRun()
      continue
    }
    const links = new Map<Link | Image, string | undefined>()
    // A setext heading (`Title` over `===`) is serialised as `# Title`: readers of a twin look for its title heading
    // so.
    let copyable = isCopyable(block) && (block.type !== 'heading' || text.startsWith('#', block.position?.start.offset))
    visitLinks(block, (node) => void links.set(node, hooks.link(node)))
    const edits: Edit[] = []
    if (copyable) {
      for (const [node, url] of links) {
        if (url === undefined) continue
        const edit = destinationEdit(node, text, url)
        if (!edit || !hooks.copyable(node, url)) {
          copyable = false
          break
        }
        edits.push(edit)
      }
    }
    const start = block.position?.start.offset as number
    const end = block.position?.end.offset as number
    if (copyable && run && text.slice(run.end, start).trim() === '') {
      // The source between two copied blocks is only blank lines: copied too, as it was.
      run.end = end
      run.edits.push(...edits)
      run.last = block.type
      continue
    }
    closeRun()
    if (copyable) {
      run = { start, end, edits, first: block.type, last: block.type }
      continue
    }
    const converted = hooks.convert(block, links)
    if (!converted) return null
    const previous = pieces.at(-1)
    if (previous?.kind === 'nodes') {
      previous.nodes.push(...converted)
      previous.last = block.type
    } else pieces.push({ kind: 'nodes', nodes: converted, first: block.type, last: block.type })
  }
  closeRun()
  return pieces
}

/**
 * The pieces joined, the converted ones serialised by `stringify` (trimmed). A blank line between
 * pieces, as the serialiser puts between blocks; a list next to a list or code, where one of them
 * was serialised, gets the serialiser's own separator, so they do not run into one list.
 */
export function joinPortable(pieces: PortablePiece[], stringify: (tree: Root) => string): string {
  let out = ''
  let previous: PortablePiece | null = null
  for (const piece of pieces) {
    const value = piece.kind === 'text' ? piece.value : stringify({ type: 'root', children: piece.nodes }).trim()
    if (value === '') continue
    if (previous)
      out += previous.last === 'list' && (piece.first === 'list' || piece.first === 'code') ? '\n\n<!---->\n\n' : '\n\n'
    out += value
    previous = piece
  }
  return `${out.trim()}\n`
}

interface Edit {
  start: number
  end: number
  value: string
}

/** A block with nothing the conversion rewrites as a whole, and positions throughout. */
function isCopyable(node: RootContent): boolean {
  if (rewritten.has(node.type) || node.position?.start.offset === undefined || node.position.end.offset === undefined)
    return false
  if ('children' in node) for (const child of node.children as RootContent[]) if (!isCopyable(child)) return false
  return true
}

function visitLinks(node: RootContent, visit: (node: Link | Image) => void): void {
  if (node.type === 'link' || node.type === 'image') visit(node)
  if ('children' in node) for (const child of node.children as RootContent[]) visitLinks(child, visit)
}

/**
 * Where a link's destination is in the text, to write `url` there: only for a destination written
 * exactly as the parser read it (no escape, entity or angle brackets) at the end of an inline
 * link, `...](url)` or `...](url "title")`. Anything else is serialised instead.
 */
function destinationEdit(node: Link | Image, text: string, url: string): Edit | null {
  const end = node.position?.end.offset
  if (end === undefined) return null
  const title = node.title
  if (title !== null && title !== undefined && /["\\\n]/.test(title)) return null
  const tail = `](${node.url}${title === null || title === undefined ? '' : ` "${title}"`})`
  if (!plainUrl.test(node.url) || !text.startsWith(tail, end - tail.length)) return null
  const start = end - tail.length + 2
  return { start, end: start + node.url.length, value: url }
}
