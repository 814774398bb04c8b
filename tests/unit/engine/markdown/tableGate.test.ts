import remarkDirective from 'remark-directive'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { createParser } from '../../../../engine/markdown/parser.ts'
import { seededRandom } from '../../../seededRandom.ts'

/** The parser without the gates: the reference every tree is compared with. */
const reference = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkDirective)
const gated = createParser(false)

/**
 * Lines and pieces of lines around tables: rows, delimiter rows and near misses, in containers, with every line ending.
 */
const pieces = [
  '| a | b |',
  '| - | - |',
  '|---|:-:|',
  'a | b',
  '--- | ---',
  ':-',
  '-:',
  ':-:',
  '|:|',
  '| : |',
  '-',
  '---',
  '===',
  '|',
  '||',
  'a',
  'plain words',
  '| x |',
  'x',
  '  ',
  '\t',
  '> ',
  '>',
  '- ',
  '1. ',
  '  - ',
  '    ',
  '```',
  '~~~',
  '<div>',
  '[^1]: ',
  '\\|',
  '`|`',
  ':::tip',
  ':::',
  '# h',
  '*',
  '',
]
const endings = ['\n', '\n', '\n', '\r\n', '\r', '\n\n']

describe('table gate (tableGate.ts)', () => {
  it('still finds tables, with and without pipes, in containers and with any line ending', () => {
    for (const source of [
      '| a | b |\n| - | - |\n| 1 | 2 |\n',
      'a\n:-\n',
      '> | a |\n> |---|\n> | b |\n',
      '- | a |\n  | - |\n  b\n',
      '| a |\r\n| - |\r\n',
      '| a |\r| - |\r',
    ]) {
      const tree = gated.parse(source)
      expect(JSON.stringify(tree), JSON.stringify(source)).toContain('"type":"table"')
      expect(tree, JSON.stringify(source)).toEqual(reference.parse(source))
    }
  })

  it('gives the same tree as GFM without the gate on random documents', () => {
    const next = seededRandom(2026)
    for (let round = 0; round < 1500; round++) {
      const lines = 1 + Math.floor(next() * 8)
      let source = ''
      for (let line = 0; line < lines; line++) {
        const parts = 1 + Math.floor(next() * 3)
        for (let part = 0; part < parts; part++) source += pieces[Math.floor(next() * pieces.length)]
        source += endings[Math.floor(next() * endings.length)]
      }
      expect(gated.parse(source), JSON.stringify(source)).toEqual(reference.parse(source))
    }
  })
})
