import type { Blockquote, Code, Content, Heading, Link, Paragraph, Parent, Root, RootContent } from 'mdast'
import path from 'node:path/posix'
import remarkGfm from 'remark-gfm'
import remarkStringify from 'remark-stringify'
import { createParser, normalizeContainerTitles } from 'sheaf'
import { unified } from 'unified'
import { visit, SKIP } from 'unist-util-visit'

export interface LinkTarget {
  /** Resolves a link written in a page to an absolute URL, or null to leave it. */
  (href: string): string | null
}

// The engine's own parser: a twin reads its page's source exactly as the page was built from it.
const parsers = { md: createParser(false), mdx: createParser(true) }
const stringifier = unified().use(remarkGfm).use(remarkStringify, { bullet: '-', fences: true, rule: '-' })

/**
 * A page's source as clean markdown for AI assistants and readers of the .md
 * twin: no front-matter, containers as titled blockquotes, MDX components as
 * plain markdown (install commands as a code block, tabs as labelled parts),
 * and every link absolute.
 */
export function toCleanMarkdown(source: string, mdx: boolean, resolveLink: LinkTarget): string {
  const tree = (mdx ? parsers.mdx : parsers.md).parse(normalizeContainerTitles(source)) as Root
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return undefined
    const type = node.type as string
    if (type === 'yaml' || type === 'mdxjsEsm' || type === 'mdxFlowExpression' || type === 'mdxTextExpression') {
      parent.children.splice(index, 1)
      return [SKIP, index]
    }
    if (type === 'containerDirective') {
      // Visit the blockquote next, so links inside the container resolve too, and skip the
      // container's own children: they are the blockquote's, and a link resolved twice would
      // get the base path twice (without a site url, a resolved link is a path again).
      parent.children.splice(index, 1, containerToBlockquote(node as unknown as DirectiveNode))
      return [SKIP, index]
    }
    if (type === 'textDirective' || type === 'leafDirective') {
      parent.children.splice(index, 1, { type: 'text', value: `:${(node as unknown as DirectiveNode).name}` } as RootContent)
      return [SKIP, index + 1]
    }
    if (type === 'mdxJsxFlowElement' || type === 'mdxJsxTextElement') {
      const replacement = componentToMarkdown(node as unknown as JsxNode)
      parent.children.splice(index, 1, ...replacement)
      return [SKIP, index]
    }
    if (node.type === 'link' || node.type === 'image') {
      const target = resolveLink((node as Link).url)
      if (target) (node as Link).url = target
    }
    return undefined
  })
  return String(stringifier.stringify(tree)).trim() + '\n'
}

interface DirectiveNode {
  name: string
  children: Content[]
}

interface JsxNode {
  name: string | null
  attributes: { type: string; name?: string; value?: unknown }[]
  children: RootContent[]
}

function containerToBlockquote(node: DirectiveNode): Blockquote {
  const [first, ...rest] = node.children
  const isLabel = first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel
  const title = isLabel ? (first as Paragraph).children : [{ type: 'text' as const, value: node.name.charAt(0).toUpperCase() + node.name.slice(1) }]
  const heading: Paragraph = { type: 'paragraph', children: [{ type: 'strong', children: title as Paragraph['children'] }] }
  return { type: 'blockquote', children: [heading, ...((isLabel ? rest : node.children) as Blockquote['children'])] }
}

function componentToMarkdown(node: JsxNode): RootContent[] {
  const prop = (name: string) => node.attributes.find((attribute) => attribute.name === name)?.value
  if (node.name === 'PackageManagerTabs') {
    const command = String(prop('command') ?? '')
    const code: Code = { type: 'code', lang: 'bash', value: `npm ${command}` }
    return [code]
  }
  if (node.name === 'Tab') {
    const label: Paragraph = { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: String(prop('label') ?? '') }] }] }
    return [label, ...node.children]
  }
  return node.children
}

/** Resolves a page's relative `.md` link or absolute route to an absolute URL. */
export function createLinkResolver(options: {
  sourcePath: string
  versionPrefix: string
  langPrefix: string
  routeOfSource: (sourcePath: string) => string | undefined
  hasRoute: (route: string) => boolean
  absolute: (route: string) => string
}): LinkTarget {
  return (href) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('#')) return null
    const [target, hash] = href.split('#')
    const suffix = hash ? `#${hash}` : ''
    if (target.startsWith('/') && !/\.mdx?$/.test(target)) {
      const prefix = [options.langPrefix, options.versionPrefix].filter(Boolean).join('/')
      const withinVersion = prefix ? `/${prefix}${target}` : target
      return options.absolute(options.hasRoute(withinVersion) ? withinVersion : target) + suffix
    }
    const file = path.normalize(path.join(path.dirname(options.sourcePath), target))
    const candidates = /\.mdx?$/.test(file) ? [file, file.endsWith('.mdx') ? file.slice(0, -1) : `${file}x`] : [`${file}.md`, `${file}.mdx`, `${file}/index.md`]
    for (const candidate of candidates) {
      const route = options.routeOfSource(candidate)
      if (route) return options.absolute(route) + suffix
    }
    return null
  }
}

export type { Heading, Parent }
