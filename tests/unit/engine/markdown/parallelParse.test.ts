import type { Heading } from 'mdast'
import { describe, expect, it } from 'vitest'
import { parseInParallel } from '../../../../engine/markdown/parallelParse.ts'

// A page of many chunks (the processor sends pages over 1 MB here; a fifth of that splits as well, and parses sooner).
const section = (index: number) => `## Section ${index}\n\nSome *text* with \`code\` and a [link](/docs/x#${index}).\n\n- one\n- two\n\n\`\`\`ts\nconst value = ${index}\n\`\`\`\n\n`
const page = (title: string) => `# ${title}\n\n${Array.from({ length: 2000 }, (_, index) => section(index)).join('')}`

/** Where a heading starts in the file: the joined tree's positions must be the file's, not a chunk's. */
function startOf(text: string, heading: string) {
  const offset = text.indexOf(heading)
  return { line: text.slice(0, offset).split('\n').length, column: 1, offset }
}

describe('parsing a huge page in worker threads', () => {
  it('joins the chunks into the whole tree, with positions in the file', async () => {
    const huge = page('Huge page')
    const tree = await parseInParallel(huge, false)
    const headings = tree.children.filter((node): node is Heading => node.type === 'heading')
    expect(headings).toHaveLength(2001)
    for (const index of [0, 1234, 1999]) {
      const heading = headings[index + 1]!
      expect(heading.children[0]).toMatchObject({ type: 'text', value: `Section ${index}` })
      expect(heading.position?.start).toEqual(startOf(huge, `## Section ${index}\n`))
    }
    expect(tree.children.filter((node) => node.type === 'code')).toHaveLength(2000)
  }, 120_000)
})
