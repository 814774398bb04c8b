import type { Parent, Root, RootContent } from 'mdast'
import type { VFile } from 'vfile'

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
  return mapLinesOutsideFences(source, (line) =>
    line.replace(
      containerOpenRE,
      (_all, indent: string, colons: string, name: string, title: string) => `${indent}${colons}${name}[${title}]`,
    ),
  )
}

/**
 * Turns container directives into `<div data-container="tip">` blocks with a
 * title, warns on unknown types, and turns stray text or leaf directives
 * (`a:b` in prose) back into the text they came from.
 */
export default function remarkContainers(options: { types?: readonly string[] } = {}) {
  const types: readonly string[] = options.types ?? containerTypes
  return (tree: Root, file: VFile) => {
    // A walk of its own, in unist-util-visit's order (a replaced directive's index is visited
    // again, so its replacement and the children it kept are): visit's parents arrays and
    // closures per node made this walk over every page's tree 7% of a corpus worker's time.
    const visitChildren = (parent: Parent) => {
      const children = parent.children
      for (let index = 0; index < children.length;) {
        const node = children[index]
        if (node.type === 'containerDirective') toContainer(node, types, file)
        else if (node.type === 'textDirective' || node.type === 'leafDirective') {
          const text = `${node.type === 'leafDirective' ? '::' : ':'}${node.name}`
          const kept = node.children ?? []
          const replacement =
            kept.length > 0
              ? [{ type: 'text' as const, value: `${text}[` }, ...kept, { type: 'text' as const, value: ']' }]
              : [{ type: 'text' as const, value: text }]
          if (node.type === 'leafDirective')
            children.splice(index, 1, { type: 'paragraph', children: replacement } as never)
          else children.splice(index, 1, ...(replacement as never[]))
          continue
        }
        if ('children' in node) visitChildren(node)
        index++
      }
    }
    visitChildren(tree)
  }
}

type ContainerDirective = Extract<RootContent, { type: 'containerDirective' }>

/** A container directive as a `<div data-container="tip">` (or `<details>`) with its title. */
function toContainer(node: ContainerDirective, types: readonly string[], file: VFile): void {
  const known = types.includes(node.name)
  if (!known) {
    file.message(
      `Unknown container type \`:::${node.name}\`; it is rendered as a plain block. ` +
        `Use one of ${types.join(', ')} (a site adds its own with \`markdown.containerTypes\`).`,
      node,
    )
  }
  const first = node.children[0]
  let title: string | undefined
  if (
    first &&
    first.type === 'paragraph' &&
    first.data &&
    (first.data as { directiveLabel?: boolean }).directiveLabel
  ) {
    title = first.children.map((child) => ('value' in child ? child.value : '')).join('')
    node.children.shift()
  }
  // Rspress's other title form: `:::tip{title="Heads up"}`.
  if (title === undefined && typeof node.attributes?.title === 'string' && node.attributes.title.trim() !== '')
    title = node.attributes.title.trim()
  const type = known ? node.name : 'note'
  node.data = {
    hName: type === 'details' ? 'details' : 'div',
    hProperties: { dataContainer: type, dataTitle: title ?? defaultTitle(type) },
  }
}

function defaultTitle(type: string): string {
  return type.toUpperCase()
}
