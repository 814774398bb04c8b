import type { Code, Paragraph, RootContent } from 'mdast'
import { portableMarkdown, type MdxElement } from 'sheaf/markdown'
import type { LinkTarget } from './linkResolver.ts'

/**
 * A page's source as clean markdown for AI assistants and readers of the .md
 * twin: the engine's portable markdown (no front-matter, containers as titled
 * blockquotes), MDX components as plain markdown (install commands as a code
 * block, tabs as labelled parts), and every link absolute. Most pages' twins
 * come from their transform's template instead (see convertTwins.ts); this
 * parses the page again, for those with MDX components.
 */
export function toCleanMarkdown(source: string, mdx: boolean, resolveLink: LinkTarget): string {
  return portableMarkdown(source, mdx, {
    link: (node) => resolveLink(node.url) ?? undefined,
    component: componentToMarkdown,
  })
}

function componentToMarkdown(node: MdxElement): RootContent[] {
  const prop = (name: string) => node.attributes.find((attribute) => attribute.name === name)?.value
  if (node.name === 'PackageManagerTabs') {
    const command = String(prop('command') ?? '')
    const code: Code = { type: 'code', lang: 'bash', value: `npm ${command}` }
    return [code]
  }
  if (node.name === 'Tab') {
    const label: Paragraph = {
      type: 'paragraph',
      children: [{ type: 'strong', children: [{ type: 'text', value: String(prop('label') ?? '') }] }],
    }
    return [label, ...node.children]
  }
  return node.children
}
