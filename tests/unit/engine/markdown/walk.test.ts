import { visit } from 'unist-util-visit'
import { describe, expect, it } from 'vitest'
import { contains, walk } from '../../../../engine/markdown/walk.ts'

type Node = { type: string; value?: string; children?: Node[] }

const tree: Node = {
  type: 'root',
  children: [
    {
      type: 'element',
      value: 'a',
      children: [
        { type: 'text', value: 't1' },
        { type: 'element', value: 'b', children: [{ type: 'raw', value: '<i>' }] },
      ],
    },
    { type: 'text', value: 't2' },
    { type: 'element', value: 'c' },
  ],
}

describe('walk', () => {
  it('visits the nodes of a type in the order unist-util-visit does', () => {
    const ours: string[] = []
    const theirs: string[] = []
    walk<Node>(tree, 'element', (node) => ours.push(String(node.value)))
    visit(tree as never, 'element', (node: Node) => void theirs.push(String(node.value)))
    expect(ours).toEqual(['a', 'b', 'c'])
    expect(ours).toEqual(theirs)
  })

  it("reads a node's children after its visitor ran, so a visitor can replace them", () => {
    const copy: Node = structuredClone(tree)
    const seen: string[] = []
    walk<Node>(copy, 'element', (node) => {
      seen.push(String(node.value))
      if (node.value === 'a') node.children = [{ type: 'element', value: 'new' }]
    })
    expect(seen).toEqual(['a', 'new', 'c'])
  })

  it('tells whether a tree holds a node of a type', () => {
    expect(contains(tree, 'raw')).toBe(true)
    expect(contains(tree, 'comment')).toBe(false)
  })
})
