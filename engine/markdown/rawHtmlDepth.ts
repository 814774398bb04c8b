import type { VFile } from 'vfile'
import { SheafError } from '../errors.ts'

/**
 * Most levels raw HTML written in markdown may open inside each other. The HTML parser
 * (parse5) is iterative, but the conversion of its tree to hast recurses per level and
 * overflowed the stack at `<div>` x 3,000; no document needs more than a few dozen.
 */
export const maxRawHtmlDepth = 256

/** Elements that never take children. */
const voidTags = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
])
/**
 * Elements the HTML parser closes by itself when a sibling opens (`<p><p>`, `<li><li>`), or
 * ignores outside their parent: they cannot pile up, and pages often leave them unclosed.
 */
const selfClosingByParser = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'optgroup',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'caption',
  'colgroup',
  'rb',
  'rt',
  'rtc',
  'rp',
  'html',
  'head',
  'body',
])

/**
 * An HTML or JSX tag (`<div ...>`, `</div>`, `<Tabs />`) or fragment (`<>`). `[^<>]*` rather
 * than a lazy `.*?`: a line of thousands of `<a ` is then scanned once, not once per `<`. Tags
 * inside comments count too (a few too many is harmless; the limit is far above real pages).
 */
const tagRE = /<(\/?)(?:([A-Za-z][\w.:-]*)(?:\s[^<>]*)?)?>/g

/**
 * The element depth after `text`, starting from `depth`; `-1` as soon as it passes `limit`.
 * Void elements, self-closing tags and elements the parser closes by itself do not count; a
 * closing tag without an opening one does not go below zero.
 */
export function stepTagDepth(text: string, depth: number, limit: number): number {
  tagRE.lastIndex = 0
  for (let match = tagRE.exec(text); match; match = tagRE.exec(text)) {
    if (match[0].endsWith('/>')) continue
    const name = (match[2] ?? '').toLowerCase()
    if (voidTags.has(name) || selfClosingByParser.has(name)) continue
    depth = match[1] ? Math.max(0, depth - 1) : depth + 1
    if (depth > limit) return -1
  }
  return depth
}

interface RawNode {
  type: string
  value?: string
  children?: RawNode[]
  position?: { start: { line: number; column: number } }
}

/**
 * Counts how deep the raw HTML of a page opens elements (across all its `raw` nodes, in document
 * order) and refuses, at the raw node where it happens, more than `maxRawHtmlDepth`. Runs before
 * the raw HTML is parsed (rehypeRawSanitized).
 */
export default function rehypeRawHtmlDepthGuard() {
  return (tree: RawNode, file: VFile) => {
    let depth = 0
    const stack: RawNode[] = [tree]
    while (stack.length) {
      const node = stack.pop()!
      if (node.type === 'raw' && typeof node.value === 'string') {
        depth = stepTagDepth(node.value, depth, maxRawHtmlDepth)
        if (depth < 0) throw tooDeep(file.path, node)
      }
      const children = node.children
      if (children) for (let index = children.length - 1; index >= 0; index--) stack.push(children[index])
    }
  }
}

function tooDeep(file: string, node: RawNode): SheafError {
  return new SheafError(`The HTML here opens more than ${maxRawHtmlDepth} elements inside each other.`, {
    file,
    line: node.position?.start.line,
    column: node.position?.start.column,
    hint: 'close each HTML element (`</div>`) before opening many more, or write the structure in markdown.',
  })
}
