import type { Root } from 'mdast'
import type { VFile } from 'vfile'
import { visit, SKIP } from 'unist-util-visit'

import { defaultContainerTypes } from '../shared/containerTypes.ts'
import { mapLinesOutsideFences } from './linesOutsideFences.ts'

/** The built-in container types (see shared/containerTypes.ts). */
export const containerTypes = defaultContainerTypes

const containerOpenRE = /^(\s{0,3})(:{3,})([a-zA-Z][\w-]*)[ \t]+([^[{\s].*?)\s*$/

/**
 * Rewrites `:::tip Some title` into `:::tip[Some title]` so remark-directive
 * reads both title styles. Line numbers are kept; fenced code is left alone.
 */
export function normalizeContainerTitles(source: string): string {
  return mapLinesOutsideFences(source, (line) => line.replace(containerOpenRE, (_all, indent: string, colons: string, name: string, title: string) => `${indent}${colons}${name}[${title}]`))
}

/**
 * Turns container directives into `<div data-container="tip">` blocks with a
 * title, warns on unknown types, and turns stray text or leaf directives
 * (`a:b` in prose) back into the text they came from.
 */
export default function remarkContainers(options: { types?: readonly string[] } = {}) {
  const types: readonly string[] = options.types ?? containerTypes
  return (tree: Root, file: VFile) => {
    visit(tree, (node, index, parent) => {
      if (node.type === 'containerDirective') {
        const known = types.includes(node.name)
        if (!known) {
          file.message(`Unknown container type \`:::${node.name}\`; it is rendered as a plain block. Use one of ${types.join(', ')} (a site adds its own with \`markdown.containerTypes\`).`, node)
        }
        const first = node.children[0]
        let title: string | undefined
        if (first && first.type === 'paragraph' && first.data && (first.data as { directiveLabel?: boolean }).directiveLabel) {
          title = first.children.map((child) => ('value' in child ? child.value : '')).join('')
          node.children.shift()
        }
        // Rspress's other title form: `:::tip{title="Heads up"}`.
        if (title === undefined && typeof node.attributes?.title === 'string' && node.attributes.title.trim() !== '') title = node.attributes.title.trim()
        const type = known ? node.name : 'note'
        node.data = {
          hName: type === 'details' ? 'details' : 'div',
          hProperties: { dataContainer: type, dataTitle: title ?? defaultTitle(type) },
        }
        return
      }
      if ((node.type === 'textDirective' || node.type === 'leafDirective') && parent && index !== undefined) {
        const text = `${node.type === 'leafDirective' ? '::' : ':'}${node.name}`
        const children = node.children ?? []
        const replacement = children.length > 0 ? [{ type: 'text' as const, value: `${text}[` }, ...children, { type: 'text' as const, value: ']' }] : [{ type: 'text' as const, value: text }]
        if (node.type === 'leafDirective') parent.children.splice(index, 1, { type: 'paragraph', children: replacement } as never)
        else parent.children.splice(index, 1, ...(replacement as never[]))
        return [SKIP, index]
      }
      return undefined
    })
  }
}

function defaultTitle(type: string): string {
  return type.toUpperCase()
}
