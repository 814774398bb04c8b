import type { Code, Root } from 'mdast'
import type { VFile } from 'vfile'
import { clampLineRanges, rangesPastEnd } from './lineRanges.ts'
import { walk } from './walk.ts'

/**
 * Keeps a code block's meta (`title="..." {1,3}`) as a property, so it survives sanitizing.
 * Line highlights past the end of the block are cut to it, with a warning at the block: they
 * highlight nothing, and `{1-10001,10002-20002,...}` once made a set of millions of lines.
 */
export default function remarkCodeMeta() {
  return (tree: Root, file: VFile) => {
    walk<Code>(tree, 'code', (node) => {
      if (!node.meta) return
      let meta = node.meta
      const lineCount = node.value.split('\n').length
      const past = rangesPastEnd(meta, lineCount)
      if (past.length) {
        const shown =
          past
            .slice(0, 3)
            .map((range) => `\`${range}\``)
            .join(', ') + (past.length > 3 ? ` and ${past.length - 3} more` : '')
        file.message(
          `The line highlight ${shown} reaches past this ${lineCount}-line code block; ` +
            `it is cut to the block. Number lines from 1 to ${lineCount}.`,
          node,
        )
        meta = clampLineRanges(meta, lineCount)
      }
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), dataMeta: meta } }
    })
  }
}
