import type { Blockquote, Image, Link, Paragraph, Root, RootContent } from 'mdast'
import { randomBytes } from 'node:crypto'
import remarkGfm from 'remark-gfm'
import remarkStringify from 'remark-stringify'
import { unified } from 'unified'
import { escapeCustomHeadingIds } from './customHeadingIds.ts'
import { createParser } from './parser.ts'
import { normalizeContainerTitles } from './remarkContainers.ts'
import { plainUrl, type PortableLink, type PortableTemplate } from './portableTemplate.ts'
import { joinPortable, slicePortable, type PortablePiece } from './portableSlices.ts'

export { fillPortableMarkdown, type PortableLink, type PortableTemplate } from './portableTemplate.ts'

/**
 * A page as portable markdown (CommonMark + GFM, what an AI assistant or a `.md` twin reads):
 * no front-matter, imports or expressions, `:::` containers as blockquotes led by their title in
 * bold, text and leaf directives as `:name`, MDX elements as what `component` makes of them, and
 * links and images pointing where `link` says.
 *
 * Made from the tree the page's transform parses anyway (see `portableTemplate`), so a plugin that
 * publishes it (llms) does not parse every page a second time: that second parse and its
 * serialisation were a third of a cold build's CPU on this repository's site.
 */

/** An MDX JSX element, as the MDX parser gives it. */
export interface MdxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement'
  name: string | null
  attributes: { type: string; name?: string; value?: unknown }[]
  children: RootContent[]
}

export interface PortableHooks {
  /** The URL a link or image gets in the output; undefined keeps it. */
  link(node: Link | Image): string | undefined
  /** What an MDX element becomes; undefined when it has no portable form (the conversion then gives null). */
  component?(node: MdxElement): RootContent[] | undefined
}

const dropped = new Set(['yaml', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression'])
// Table columns are not padded to one width: a template's cells hold placeholders where the page
// will have URLs of other lengths (and padding is only tokens to a reader that is a program).
const stringifier = unified()
  .use(remarkGfm, { tablePipeAlign: false })
  .use(remarkStringify, { bullet: '-', fences: true, rule: '-' })

/** `tree` as a portable tree (a copy: `tree` is left as it was), or null when an MDX element has no portable form. */
export function toPortableTree(tree: Root, hooks: PortableHooks): Root | null {
  const converted = convertNode(tree as unknown as RootContent, hooks)
  return converted ? (converted[0] as unknown as Root) : null
}

/** A portable tree as markdown text (trimmed, one final newline). */
export function stringifyPortable(tree: Root): string {
  return `${String(stringifier.stringify(tree)).trim()}\n`
}

/**
 * Parses a page's source as the transform does and converts it: for a page without a template (an MDX element only the
 * caller can convert).
 */
export function portableMarkdown(source: string, mdx: boolean, hooks: PortableHooks): string {
  const text = normalizeContainerTitles(mdx ? escapeCustomHeadingIds(source) : source)
  const tree = createParser(mdx).parse(text) as Root
  if (!mdx) {
    // A resolved URL is written into copied text only where the serialiser would write it as it is (see
    // fillPortableMarkdown).
    const pieces = portablePieces(tree, text, hooks, (node, url) => plainUrl.test(url) && !printsAsAutolink(node, url))
    if (!pieces) throw new Error('An MDX element has no portable form.')
    return joinPortable(pieces, serialise)
  }
  const converted = toPortableTree(tree, hooks)
  if (!converted) throw new Error('An MDX element has no portable form.')
  return stringifyPortable(converted)
}

function serialise(tree: Root): string {
  return String(stringifier.stringify(tree))
}

/**
 * A plain-markdown page's portable pieces: blocks copied from `text` where the conversion keeps them (see
 * portableSlices.ts).
 */
function portablePieces(
  tree: Root,
  text: string,
  hooks: PortableHooks,
  copyable: (node: Link | Image, url: string) => boolean,
): PortablePiece[] | null {
  return slicePortable(tree, text, {
    link: (node) => hooks.link(node),
    // The links' URLs as already made: `link` is called once per link.
    convert: (node, links) =>
      convertNode(node, { ...hooks, link: (link) => (links.has(link) ? links.get(link) : hooks.link(link)) }),
    copyable,
  })
}

/** A link whose text is its URL: the serialiser prints it as `<url>` (see fillPortableMarkdown). */
function printsAsAutolink(node: Link | Image, url: string): boolean {
  const only =
    node.type === 'link' && !node.title && node.children.length === 1 && node.children[0].type === 'text'
      ? node.children[0].value
      : undefined
  return only !== undefined && (only === url || `mailto:${only}` === url) && /^[a-z][+\-.a-z]+:/i.test(url)
}

/** Links the caller may resolve: relative and root-relative ones (not `scheme:`, `//host` or `#fragment`). */
function isSiteRelative(url: string): boolean {
  return !(/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//') || url.startsWith('#'))
}

/**
 * The template of a page's portable markdown, from the tree its transform parsed (before the
 * transform changes it). Null when the page has an MDX element: the engine does not know what the
 * theme's components mean as markdown, so the caller converts that page from its source.
 */
export function portableTemplate(tree: Root, text?: string): PortableTemplate | null {
  return preparePortable(tree, text)?.get() ?? null
}

/**
 * The template's tree, made now, serialised when first read (`get`). Serialising costs about two
 * thirds of what parsing the page did: on the main thread (a small site's cold build) it was a
 * second of the transform, the part of the build every other thread waits for; read by the llms
 * plugin after the render, it runs while the other threads finish their work.
 */
export class PendingPortable {
  private template: PortableTemplate | null | undefined
  private readonly listeners: ((template: PortableTemplate | null) => void)[] = []

  constructor(
    private print: (() => string) | null,
    private readonly marker: string,
    private readonly links: PortableLink[],
  ) {}

  /** The template (serialised on the first call). */
  get(): PortableTemplate | null {
    if (this.template === undefined) {
      this.template = serialiseTemplate(this.print as () => string, this.marker, this.links)
      this.print = null
      for (const listener of this.listeners.splice(0)) listener(this.template)
    }
    return this.template
  }

  /** Calls `listener` with the template once it is serialised (the markdown cache then stores it). */
  onSerialised(listener: (template: PortableTemplate | null) => void): void {
    if (this.template === undefined) this.listeners.push(listener)
    else listener(this.template)
  }
}

/** Where this thread's placeholder ids start: random, so that no page can hold one (see preparePortable). */
let markerBase: number | null = null
let markerCount = 0

/**
 * A page's placeholder id: 12 hex digits, as many as before (the serialiser pads table cells to
 * their width, so a placeholder's length shows in the output), counted from a random start rather
 * than drawn per page: `randomBytes` per page was 0.5% of a corpus markdown worker.
 */
function nextMarkerId(): string {
  markerBase ??= randomBytes(6).readUIntBE(0, 6)
  return ((markerBase + markerCount++) % 2 ** 48).toString(16).padStart(12, '0')
}

/**
 * The template's tree with a placeholder URL for each site-relative link; null when the page has
 * an MDX element. `text`: what `tree` was parsed from, when it is plain markdown parsed in one
 * piece: the blocks the conversion keeps are then copied from it, not serialised (see portableSlices.ts).
 */
export function preparePortable(tree: Root, text?: string): PendingPortable | null {
  // Each site-relative link gets a unique placeholder URL that serialises as is (see plainUrl in portableTemplate.ts).
  const marker = `sheaf-link-${nextMarkerId()}-`
  const links: PortableLink[] = []
  const hooks: PortableHooks = {
    link(node) {
      if (!isSiteRelative(node.url)) return undefined
      const only =
        node.type === 'link' && !node.title && node.children.length === 1 && node.children[0].type === 'text'
          ? node.children[0].value
          : undefined
      links.push(only === undefined ? { url: node.url } : { url: node.url, text: only })
      return `${marker}${links.length - 1}x`
    },
  }
  if (text !== undefined) {
    // A placeholder is always written as it is; whether the URL filled in later may be is fillPortableMarkdown's to
    // say.
    const pieces = portablePieces(tree, text, hooks, () => true)
    return pieces ? new PendingPortable(() => joinPortable(pieces, serialise), marker, links) : null
  }
  const converted = toPortableTree(tree, hooks)
  return converted ? new PendingPortable(() => stringifyPortable(converted), marker, links) : null
}

function serialiseTemplate(print: () => string, marker: string, links: PortableLink[]): PortableTemplate | null {
  let text: string
  try {
    text = print()
  } catch {
    // A node the serialiser does not know (a site's remark syntax): the caller converts from the source.
    return null
  }
  const pieces = text.split(new RegExp(`${marker}(\\d+)x`))
  // Every placeholder once, in order, or the caller converts from the source.
  if (pieces.length !== links.length * 2 + 1) return null
  const parts: string[] = []
  for (let index = 0; index < pieces.length; index++) {
    if (index % 2 === 0) parts.push(pieces[index])
    else if (Number(pieces[index]) !== (index - 1) / 2) return null
  }
  return { parts, links }
}

function convertChildren(children: readonly RootContent[], hooks: PortableHooks): RootContent[] | null {
  const out: RootContent[] = []
  for (const child of children) {
    const converted = convertNode(child, hooks)
    if (!converted) return null
    for (const node of converted) out.push(node)
  }
  return out
}

/** One node as the nodes that stand for it (none, itself or a copy, or a replacement), converted all the way down. */
function convertNode(node: RootContent, hooks: PortableHooks): RootContent[] | null {
  const type = node.type as string
  if (dropped.has(type)) return []
  if (type === 'containerDirective') return convertNode(containerToBlockquote(node as unknown as DirectiveNode), hooks)
  if (type === 'textDirective' || type === 'leafDirective')
    return [{ type: 'text', value: `:${(node as unknown as DirectiveNode).name}` } as RootContent]
  if (type === 'mdxJsxFlowElement' || type === 'mdxJsxTextElement') {
    const replacement = hooks.component?.(node as unknown as MdxElement)
    return replacement ? convertChildren(replacement, hooks) : null
  }
  let copy = node
  if (type === 'link' || type === 'image') {
    const url = hooks.link(node as Link | Image)
    if (url !== undefined) copy = { ...copy, url } as RootContent
  }
  if ('children' in node) {
    const children = convertChildren(node.children as RootContent[], hooks)
    if (!children) return null
    copy = { ...copy, children } as RootContent
  }
  return [copy]
}

interface DirectiveNode {
  name: string
  children: RootContent[]
}

/**
 * `:::tip Title` ... `:::` -> a blockquote whose first paragraph is the title in bold (the type's name when it has
 * none).
 */
function containerToBlockquote(node: DirectiveNode): RootContent {
  const [first, ...rest] = node.children
  const isLabel =
    first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel
  const title = isLabel
    ? (first as Paragraph).children
    : [{ type: 'text' as const, value: node.name.charAt(0).toUpperCase() + node.name.slice(1) }]
  const heading: Paragraph = {
    type: 'paragraph',
    children: [{ type: 'strong', children: title as Paragraph['children'] }],
  }
  const quote: Blockquote = {
    type: 'blockquote',
    children: [heading, ...((isLabel ? rest : node.children) as Blockquote['children'])],
  }
  return quote
}
