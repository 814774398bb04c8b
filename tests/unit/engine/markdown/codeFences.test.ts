import fs from 'node:fs'
import path from 'node:path'
import type { Code, Root } from 'mdast'
import { describe, expect, it } from 'vitest'
import { findCodeFences } from '../../../../engine/markdown/codeFences.ts'
import { createParser } from '../../../../engine/markdown/parser.ts'

const root = path.resolve(import.meta.dirname, '../../../..')

describe('findCodeFences', () => {
  it('reads the language, the meta and the text of each fence', () => {
    const source = ['# Title', '', '```tsx title="App.tsx" {2}', 'const a = 1', '', 'const b = 2', '```', '', '~~~~bash', 'npm test', '```', '~~~~', ''].join('\n')
    expect(findCodeFences(source)).toEqual([
      { lang: 'tsx', meta: 'title="App.tsx" {2}', code: 'const a = 1\n\nconst b = 2' },
      // A shorter or different fence inside does not close it.
      { lang: 'bash', meta: '', code: 'npm test\n```' },
    ])
  })

  it('removes the opening fence\'s indentation from the lines, as CommonMark does', () => {
    expect(findCodeFences('1. Install:\n\n   ```sh\n   npm i\n     --save-dev\n   ```\n')).toEqual([{ lang: 'sh', meta: '', code: 'npm i\n  --save-dev' }])
  })

  it('skips what is not a closed fence', () => {
    // Backticks in the info string make inline code, not a fence; an unclosed fence is the parser's to report.
    expect(findCodeFences('```js `x` ```\n\nText\n\n```ts\nopen\n')).toEqual([])
  })

  it('finds every code block the markdown parser finds in this site\'s content', () => {
    const files = fs.readdirSync(path.join(root, 'content'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.mdx?$/.test(file))
    expect(files.length).toBeGreaterThan(30)
    let blocks = 0
    for (const file of files) {
      const source = fs.readFileSync(path.join(root, 'content', file), 'utf8')
      const parsed: string[] = []
      const visit = (node: Root | Code | { type: string; children?: unknown[] }) => {
        if (node.type === 'code') parsed.push(JSON.stringify([(node as Code).lang ?? '', (node as Code).meta ?? '', (node as Code).value]))
        for (const child of ('children' in node ? node.children ?? [] : []) as Root[]) visit(child)
      }
      visit(createParser(file.endsWith('.mdx')).parse(source) as Root)
      const guessed = findCodeFences(source).map((fence) => JSON.stringify([fence.lang, fence.meta, fence.code]))
      expect(guessed, file).toEqual(parsed)
      blocks += parsed.length
    }
    expect(blocks).toBeGreaterThan(300)
  })
})
