import type { Root } from 'mdast'
import { visit, SKIP } from 'unist-util-visit'
import { VFile } from 'vfile'
import { describe, expect, it } from 'vitest'
import { createParser } from '../../../../engine/markdown/parser.ts'
import remarkContainers, {
  containerTypes,
  normalizeContainerTitles,
} from '../../../../engine/markdown/remarkContainers.ts'
import { seededRandom } from '../../../seededRandom.ts'

/** The transform as it was written with unist-util-visit: the reference for the walk of its own. */
function reference(tree: Root, file: VFile, types: readonly string[] = containerTypes) {
  visit(tree, (node, index, parent) => {
    if (node.type === 'containerDirective') {
      const known = types.includes(node.name)
      if (!known)
        file.message(
          `Unknown container type \`:::${node.name}\`; it is rendered as a plain block. ` +
            `Use one of ${types.join(', ')} (a site adds its own with \`markdown.containerTypes\`).`,
          node,
        )
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
      if (title === undefined && typeof node.attributes?.title === 'string' && node.attributes.title.trim() !== '')
        title = node.attributes.title.trim()
      const type = known ? node.name : 'note'
      node.data = {
        hName: type === 'details' ? 'details' : 'div',
        hProperties: { dataContainer: type, dataTitle: title ?? type.toUpperCase() },
      }
      return
    }
    if ((node.type === 'textDirective' || node.type === 'leafDirective') && parent && index !== undefined) {
      const text = `${node.type === 'leafDirective' ? '::' : ':'}${node.name}`
      const children = node.children ?? []
      const replacement =
        children.length > 0
          ? [{ type: 'text' as const, value: `${text}[` }, ...children, { type: 'text' as const, value: ']' }]
          : [{ type: 'text' as const, value: text }]
      if (node.type === 'leafDirective')
        parent.children.splice(index, 1, { type: 'paragraph', children: replacement } as never)
      else parent.children.splice(index, 1, ...(replacement as never[]))
      return [SKIP, index]
    }
    return undefined
  })
}

const parser = createParser(false)

function both(source: string) {
  const text = normalizeContainerTitles(source)
  const ours = { tree: parser.parse(text) as Root, file: new VFile({ path: 'a.md', value: text }) }
  const theirs = { tree: parser.parse(text) as Root, file: new VFile({ path: 'a.md', value: text }) }
  remarkContainers()(ours.tree, ours.file)
  reference(theirs.tree, theirs.file)
  return { ours, theirs }
}

const pieces = [
  ':::tip\nBody\n:::\n',
  ':::warning Custom title\nText\n:::\n',
  ':::danger{title="Heads up"}\nx\n:::\n',
  ':::unknown\ny\n:::\n',
  '::::details More\n:::tip\nnested :a[b] x\n:::\n::::\n',
  'a:b c',
  'time 10:30',
  ':name[label *em*]',
  ':a[:b[c]]',
  '::leaf[with :inner[x]]\n',
  '::bare\n',
  'text :x{y=1} end',
  '- item :z[w]\n',
  '> quote ::q\n',
  '\n\n',
  'plain words ',
]

describe('remarkContainers', () => {
  it('turns containers into blocks and stray directives back into text', () => {
    const { ours } = both(':::tip Title\nSee :a[b] and ::c\n:::\n\n::leaf[x :y]\n')
    const container = ours.tree.children[0]
    expect(container.data).toEqual({ hName: 'div', hProperties: { dataContainer: 'tip', dataTitle: 'Title' } })
    expect(JSON.stringify(ours.tree)).not.toMatch(/"type":"(textDirective|leafDirective)"/)
  })

  it('gives the tree and messages of the unist-util-visit walk on random documents', () => {
    const next = seededRandom(7)
    for (let round = 0; round < 400; round++) {
      let source = ''
      const length = 1 + Math.floor(next() * 10)
      for (let index = 0; index < length; index++) source += pieces[Math.floor(next() * pieces.length)]
      const { ours, theirs } = both(source)
      expect(ours.tree, JSON.stringify(source)).toEqual(theirs.tree)
      expect(ours.file.messages.map(String), JSON.stringify(source)).toEqual(theirs.file.messages.map(String))
    }
  })
})
