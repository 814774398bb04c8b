import type { Code, Root } from 'mdast'
import { walk } from './walk.ts'

/** Keeps a code block's meta (`title="..." {1,3}`) as a property, so it survives sanitizing. */
export default function remarkCodeMeta() {
  return (tree: Root) => {
    walk<Code>(tree, 'code', (node) => {
      if (!node.meta) return
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), dataMeta: node.meta } }
    })
  }
}
