import type { Processor } from 'unified'
import { gateTableConstruct } from './tableGate.ts'

/**
 * Makes GFM cheaper to parse, with the same tree: its table construct is tried only where a table
 * can start (see tableGate.ts), and its literal autolinks (`www.x.com`, `https://x.com`, `a@b.co`)
 * as below. Measured on the N=1,000 corpus (300 pages, one thread): the autolink literals were
 * the costliest part of parsing after micromark's core (about a third of a second per hundred pages).
 *
 * - The email construct is tried at the start of every word (every ASCII letter or digit after a
 *   space or punctuation), the `www.` and `http(s)://` ones at every word starting with `w` or
 *   `h`; each also cuts micromark's text into a `data` token per word (joined again at the end).
 *   An email literal needs an `@` right after the word's run of `[A-Za-z0-9+\-._]`, the others
 *   `www.` or `http:`/`https:` (any case) right here: where the document has not, the construct
 *   could only fail, so it is not tried (its `previous` check says no). A failed attempt leaves
 *   nothing behind (the only mark, `_gfmAutolinkLiteralWalkedInto`, caches a walk whose answer
 *   does not depend on it), and the per-word `data` tokens are joined by micromark's text
 *   resolver, so the events are the same.
 * - The tree transform that finds literals in text (mdast-util-gfm-autolink-literal, a find and
 *   replace over every text node) can only match `http://`, `https://`, `www.` (any case) or `@`
 *   in a text node. It is skipped when no text node has one (a quick look at the tree; most `@` of docs are
 *   in code), and without a look when the document has none of `http`, `www`, `@` and `&` (text
 *   gets characters from references too: `&#64;`).
 *
 * micromark's constructs see only offsets, not the document: the parser is wrapped to keep the
 * document being parsed (parsing is synchronous; the previous one is restored for nested parses).
 * Where an offset does not match the document (the character there is not the one micromark is
 * at), the check says yes, as without the gate.
 */
export default function remarkGfmGates(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] }
  const inner = this.parser
  if (!inner) return
  this.parser = (document, file) => {
    const outer = current
    current = document
    try {
      return inner(document, file)
    } finally {
      current = outer
    }
  }
  if (data.micromarkExtensions)
    data.micromarkExtensions = data.micromarkExtensions
      .map(gateLiteralConstructs)
      .map((extension) => gateTableConstruct(extension, () => current))
  if (data.fromMarkdownExtensions) data.fromMarkdownExtensions = data.fromMarkdownExtensions.map(gateLiteralTransforms)
}

/** The document the parser is at (see above). */
let current: string | undefined

interface TokenizeContext {
  previous: number | null
  now(): { offset: number }
}

interface Construct {
  name?: string
  previous?: (this: TokenizeContext, code: number | null) => boolean
}

type ConstructRecord = Record<string, Construct | Construct[] | undefined>

/** Where each of GFM's literal constructs can start, given that micromark is at `offset` (see above). */
const mayStart: Record<string, (document: string, offset: number) => boolean> = {
  emailAutolink(document, offset) {
    if (!isAtext(document.charCodeAt(offset))) return true // not where micromark is: no opinion
    let index = offset + 1
    while (isAtext(document.charCodeAt(index))) index++
    return document.charCodeAt(index) === 64 // @
  },
  wwwAutolink(document, offset) {
    if ((document.charCodeAt(offset) | 0x20) !== 119) return true // not at `w` or `W`: no opinion
    return wwwAt.test(document.slice(offset, offset + 4))
  },
  protocolAutolink(document, offset) {
    if ((document.charCodeAt(offset) | 0x20) !== 104) return true // not at `h` or `H`: no opinion
    return protocolAt.test(document.slice(offset, offset + 6))
  },
}
const wwwAt = /^www\./i
const protocolAt = /^https?:/i

/** A micromark extension (or a list of them) with GFM's literal constructs gated. */
function gateLiteralConstructs(extension: unknown): unknown {
  if (Array.isArray(extension)) return extension.map(gateLiteralConstructs)
  const text = (extension as { text?: ConstructRecord } | null)?.text
  if (!text) return extension
  const gated = new Map<Construct, Construct>()
  const gate = (construct: Construct): Construct => {
    const check =
      construct.name !== undefined && Object.hasOwn(mayStart, construct.name) ? mayStart[construct.name] : undefined
    if (!check || !construct.previous) return construct
    let wrapped = gated.get(construct)
    if (!wrapped) {
      const previous = construct.previous
      wrapped = {
        ...construct,
        previous(code) {
          return previous.call(this, code) && mayStartHere(this, code, check)
        },
      }
      gated.set(construct, wrapped)
    }
    return wrapped
  }
  const record: ConstructRecord = {}
  for (const [code, value] of Object.entries(text))
    record[code] = Array.isArray(value) ? value.map(gate) : value ? gate(value) : value
  return { ...(extension as object), text: record }
}

/** False only when the construct certainly fails here; true where the document or the offset is not known. */
function mayStartHere(
  context: TokenizeContext,
  previous: number | null,
  check: (document: string, offset: number) => boolean,
): boolean {
  const document = current
  if (document === undefined) return true
  const offset = context.now().offset
  // A sanity check of the offset: the character before it is the one micromark saw last.
  if (previous !== null && previous > 0 && previous < 128 && document.charCodeAt(offset - 1) !== previous) return true
  return check(document, offset)
}

/** GFM's email atext: `+`, `-`, `.`, `_` and ASCII letters and digits. */
function isAtext(code: number): boolean {
  return (
    code === 43 ||
    code === 45 ||
    code === 46 ||
    code === 95 ||
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122)
  )
}

/** What the literal transform can match, in a document's own text or through a character reference. */
const mayHoldLiteral = /[@&]|http|www/i

interface MdastExtension {
  enter?: Record<string, unknown>
  transforms?: ((tree: never) => unknown)[]
}

/**
 * An mdast-util-from-markdown extension (or a list) with the literal autolinks' transform skipped on documents that
 * cannot hold one.
 */
function gateLiteralTransforms(extension: unknown): unknown {
  if (Array.isArray(extension)) return extension.map(gateLiteralTransforms)
  const { enter, transforms } = (extension ?? {}) as MdastExtension
  // The extension of mdast-util-gfm-autolink-literal: the one that builds `literalAutolink` tokens.
  if (!enter || !Object.hasOwn(enter, 'literalAutolink') || !transforms?.length) return extension
  return {
    ...(extension as object),
    transforms: transforms.map(
      (transform) => (tree: never) =>
        current === undefined || (mayHoldLiteral.test(current) && textMayHoldLiteral(tree))
          ? transform(tree)
          : undefined,
    ),
  }
}

/**
 * What the literal transform's expressions need in a text node's value: `http://`, `https://` or
 * `www.` (any case) for a URL, `@` for the email, mailto and xmpp ones. Values are decoded, so an
 * escape (`www\.`) or a reference is read as what it stands for.
 */
const textLiteralRE = /@|https?:\/\/|www\./i

interface TextNode {
  type: string
  value?: unknown
  children?: TextNode[]
}

/** Whether any text node of the tree may hold a literal autolink (without recursion: trees may be deep). */
function textMayHoldLiteral(tree: TextNode): boolean {
  const stack: TextNode[] = [tree]
  while (stack.length) {
    const node = stack.pop()!
    if (node.type === 'text' && typeof node.value === 'string' && textLiteralRE.test(node.value)) return true
    if (node.children) for (const child of node.children) stack.push(child)
  }
  return false
}
