import type { Root } from 'mdast'
import { visit } from 'unist-util-visit'

/** Keeps a code block's meta (`title="..." {1,3}`) as a property, so it survives sanitizing. */
export default function remarkCodeMeta() {
  return (tree: Root) => {
    visit(tree, 'code', (node) => {
      if (!node.meta) return
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), dataMeta: node.meta } }
    })
  }
}
