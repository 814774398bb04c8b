import type { Heading } from 'mdast'
import { describe, expect, it } from 'vitest'
import { parseInChunks, splitIntoChunks } from '../../../../engine/markdown/parseInChunks.ts'
import { createParser } from '../../../../engine/markdown/parser.ts'

// A page of several chunks (the processor parses pages over 256 KB so; a page of three chunks, about 130 KB,
// splits and joins the same way, and parses in a fraction of the time).
const sections = 1200
const section = (index: number) =>
  `## Section ${index}\n\nSome *text* with \`code\` and a [link](/docs/x#${index}).\n\n- one\n- two\n\n` +
  `\`\`\`ts\nconst value = ${index}\n\`\`\`\n\n`
const page = (title: string) =>
  `# ${title}\n\n${Array.from({ length: sections }, (_, index) => section(index)).join('')}`

/** Where a heading starts in the file: the joined tree's positions must be the file's, not a chunk's. */
function startOf(text: string, heading: string) {
  const offset = text.indexOf(heading)
  return { line: text.slice(0, offset).split('\n').length, column: 1, offset }
}

describe('parsing a huge page in chunks', () => {
  it('joins the chunks into the whole tree, with positions in the file', () => {
    const huge = page('Huge page')
    expect(splitIntoChunks(huge).length).toBeGreaterThanOrEqual(3)
    const parser = createParser(false)
    const tree = parseInChunks(huge, (chunk) => parser.parse(chunk))
    const headings = tree.children.filter((node): node is Heading => node.type === 'heading')
    expect(headings).toHaveLength(sections + 1)
    for (const index of [0, 700, sections - 1]) {
      const heading = headings[index + 1]!
      expect(heading.children[0]).toMatchObject({ type: 'text', value: `Section ${index}` })
      expect(heading.position?.start).toEqual(startOf(huge, `## Section ${index}\n`))
    }
    expect(tree.children.filter((node) => node.type === 'code')).toHaveLength(sections)
  }, 120_000)
})
