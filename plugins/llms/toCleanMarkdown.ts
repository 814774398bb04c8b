import type { Code, Paragraph, RootContent } from 'mdast'
import path from 'node:path/posix'
import { portableMarkdown, type MdxElement } from 'sheaf'

export interface LinkTarget {
  /** Resolves a link written in a page to an absolute URL, or null to leave it. */
  (href: string): string | null
}

/**
 * A page's source as clean markdown for AI assistants and readers of the .md
 * twin: the engine's portable markdown (no front-matter, containers as titled
 * blockquotes), MDX components as plain markdown (install commands as a code
 * block, tabs as labelled parts), and every link absolute. Most pages' twins
 * come from their transform's template instead (see convertTwins.ts); this
 * parses the page again, for those with MDX components.
 */
export function toCleanMarkdown(source: string, mdx: boolean, resolveLink: LinkTarget): string {
  return portableMarkdown(source, mdx, { link: (node) => resolveLink(node.url) ?? undefined, component: componentToMarkdown })
}

function componentToMarkdown(node: MdxElement): RootContent[] {
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
