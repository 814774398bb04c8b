import type { Code, Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { fenceRoles, FenceRole, scanFences } from '../../../../engine/markdown/fenceScanner.ts'
import { mapLinesOutsideFences } from '../../../../engine/markdown/linesOutsideFences.ts'
import { findUnclosedFence } from '../../../../engine/markdown/unclosedFence.ts'
import { createParser } from '../../../../engine/markdown/parser.ts'

const fence = '```'

/**
 * CommonMark 0.31.2, section 4.5 "Fenced code blocks" (examples 119-147), with → shown as tabs where the spec has them.
 */
const specExamples: Record<number, string> = {
  119: '```\n<\n >\n```\n',
  120: '~~~\n<\n >\n~~~\n',
  121: '``\nfoo\n``\n',
  122: '```\naaa\n~~~\n```\n',
  123: '~~~\naaa\n```\n~~~\n',
  124: '````\naaa\n```\n``````\n',
  125: '~~~~\naaa\n~~~\n~~~~\n',
  126: '```\n',
  127: '`````\n\n```\naaa\n',
  128: '> ```\n> aaa\n\nbbb\n',
  129: '```\n\n  \n```\n',
  130: '```\n```\n',
  131: ' ```\n aaa\naaa\n```\n',
  132: '  ```\naaa\n  aaa\naaa\n  ```\n',
  133: '   ```\n   aaa\n    aaa\n  aaa\n   ```\n',
  134: '    ```\n    aaa\n    ```\n',
  135: '```\naaa\n  ```\n',
  136: '   ```\naaa\n  ```\n',
  137: '```\naaa\n    ```\n',
  138: '``` ```\naaa\n',
  139: '~~~~~~\naaa\n~~~ ~~\n',
  140: 'foo\n```\nbar\n```\nbaz\n',
  141: 'foo\n---\n~~~\nbar\n~~~\n# baz\n',
  142: '```ruby\ndef foo(x)\n  return 3\nend\n```\n',
  143: '~~~~    ruby startline=3 $%@#$\ndef foo(x)\n  return 3\nend\n~~~~~~~\n',
  144: '````;\n````\n',
  145: '``` aa ```\nfoo\n',
  146: '~~~ aa ``` ~~~\nfoo\n~~~\n',
  147: '```\n``` aaa\n```\n',
}

/** Fences in containers: list items (content indentation from the marker), blockquotes, lazy lines, tabs. */
const containerExamples: Record<string, string> = {
  'in a list item': '- item\n\n  ```js\n  a\n    b\n  ```\n',
  'in an ordered item, 3 columns': '1. Install:\n\n   ```sh\n   npm i\n   ```\n',
  'on the list item line': '- ```js\n  code\n  ```\n',
  'nested items': '- a\n  - b\n\n    ```ts\n    deep\n    ```\n',
  'ended by its list item': '- ```\n  code\nnot code\n',
  'indented code in a list item is not a fence': '- a\n\n      ```\n      x\n      ```\n',
  'in a blockquote, closed': '> ```py\n> x = 1\n> ```\n\nafter\n',
  'in a quoted list item': '> - ```\n>   x\n>   ```\n',
  'after a lazy paragraph line': '- item\ntext lazily continued\n\n  ```js\n  a\n  ```\n',
  'after a list ends': '- item\n\n```js\na\n```\n',
  'a thematic break is not a list item': '- - -\n```\nx\n```\n',
  'a tab before the fence': '-\tx\n\n\t```\n\tcode\n\t```\n',
  'closing fence with a trailing tab and CRLF': '```js\r\na\r\n```\t\r\n',
  'four backticks around three': '````md\n```js\nx\n```\n````\n',
}

/** The fenced code blocks the markdown parser finds, as [lang, meta, value]. */
function parsedFences(source: string): string[][] {
  const lines = source.split('\n')
  const found: string[][] = []
  const visit = (node: Root | Code | { type: string; children?: unknown[] }) => {
    if (node.type === 'code') {
      const code = node as Code
      const start = code.position!.start
      // Indented code blocks are code nodes too: keep the ones that start with a fence.
      if (/^ {0,3}(`{3,}|~{3,})/.test(lines[start.line - 1].slice(start.column - 1).replace(/\t/g, '    ')))
        found.push([code.lang ?? '', code.meta ?? '', code.value])
    }
    for (const child of ('children' in node ? (node.children ?? []) : []) as Root[]) visit(child)
  }
  visit(createParser(false).parse(source) as Root)
  return found
}

function scannedFences(source: string): string[][] {
  return scanFences(source).map((block) => {
    const space = block.info.search(/[ \t]/)
    return [
      space < 0 ? block.info : block.info.slice(0, space),
      space < 0 ? '' : block.info.slice(space).trim(),
      block.lines.join('\n'),
    ]
  })
}

describe('scanFences', () => {
  it.each(Object.entries(specExamples))(
    'reads CommonMark example %s as the markdown parser does',
    (_number, source) => {
      expect(scannedFences(source)).toEqual(parsedFences(source))
    },
  )

  it.each(Object.entries(containerExamples))('reads a fence %s as the markdown parser does', (_name, source) => {
    expect(scannedFences(source)).toEqual(parsedFences(source))
  })

  it('says where each block opens, closes and ends, and what ended it', () => {
    expect(scanFences('text\n\n```js title="a"\nx\n```\n')).toEqual([
      { openLine: 2, closeLine: 4, endLine: 5, endedBy: 'fence', marker: '```', info: 'js title="a"', lines: ['x'] },
    ])
    expect(scanFences('> ```\n> aaa\n\nbbb\n')).toMatchObject([
      { openLine: 0, closeLine: null, endLine: 2, endedBy: 'container', lines: ['aaa'] },
    ])
    expect(scanFences('`````\n\n```\naaa\n')).toMatchObject([
      { openLine: 0, closeLine: null, endLine: 4, endedBy: 'document', lines: ['', '```', 'aaa'] },
    ])
    // A closing line with an info string does not close (example 147), nor does a different character (122).
    expect(scanFences('```\n``` aaa\n~~~\n```\n')).toMatchObject([{ closeLine: 3, lines: ['``` aaa', '~~~'] }])
  })

  it('gives every line its role', () => {
    const source = 'a\n```\ncode\n```\nb\n> ```\n> q\n\nc'
    expect([...fenceRoles(source)]).toEqual([
      FenceRole.Outside,
      FenceRole.Open,
      FenceRole.Content,
      FenceRole.Close,
      FenceRole.Outside,
      FenceRole.Open,
      FenceRole.Content,
      FenceRole.Outside,
      FenceRole.Outside,
    ])
  })

  it('stays linear on a line of thousands of list markers', () => {
    const source = `${'- '.repeat(200_000)}x\n${fence}\ncode\n${fence}\n`
    const started = performance.now()
    expect(scanFences(source)).toHaveLength(1)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})

describe('the users of the scanner agree on what is code', () => {
  // Each used its own regex before: the unclosed-fence warning and the source rewrites took a fence
  // in a list item indented 4 columns for prose, and a line-based guess at code blocks took a
  // fence closed by `` ``` aaa `` for closed.
  const source = '- item\n\n    ```md\n    :::tip Title\n    ## Heading {#id}\n    ```\n\n:::tip Outside\n'

  it('the scanner, the rewrites and the unclosed-fence warning', () => {
    expect(scanFences(source).map((block) => [block.info, block.lines.join('\n')])).toEqual([
      ['md', ':::tip Title\n## Heading {#id}'],
    ])
    expect(mapLinesOutsideFences(source, (line) => line.toUpperCase())).toBe(
      '- ITEM\n\n    ```md\n    :::tip Title\n    ## Heading {#id}\n    ```\n\n:::TIP OUTSIDE\n',
    )
    expect(findUnclosedFence(source)).toBeNull()
    expect(findUnclosedFence('- a\n\n  ```js\n  open\n')).toBe(3)
    // Ended by its blockquote: only the quote is code, nothing runs to the end of the page.
    expect(findUnclosedFence('> ```\n> aaa\n\nbbb\n')).toBeNull()
  })
})

describe('scanFences reuse', () => {
  it('scans a source once for the passes that follow each other, and a new source anew', () => {
    const page = '# A\n\n```js\nx\n```\n'
    const first = scanFences(page)
    // The same source again (as the nesting guard, the title rewrite and the unclosed fence warning ask): the same
    // blocks.
    expect(scanFences(`${page}`)).toBe(first)
    const other = scanFences('```\nopen\n')
    expect(other).not.toBe(first)
    expect(other).toEqual([expect.objectContaining({ openLine: 0, endedBy: 'document' })])
    expect(scanFences(page)).toEqual(first)
  })
})
