import { parseDocument } from 'yaml'
import { describe, expect, it } from 'vitest'
import { readFlatFrontmatter } from '../../../../engine/markdown/flatFrontmatter.ts'
import { parseFrontmatter } from '../../../../engine/markdown/frontmatter.ts'

/** What the yaml package makes of a block (null: it reports an error). */
function yamlRead(block: string): unknown {
  const document = parseDocument(block, { prettyErrors: false })
  return document.errors.length ? null : document.toJS()
}

const keys = [
  'title',
  'description',
  'pageType',
  'sidebar_label',
  'x-y',
  'A1',
  'constructor',
  'toString',
  'hasOwnProperty',
  'null',
  'Null',
  'NULL',
  'true',
  'True',
  'False',
  'FALSE',
  'yes',
  'on',
  'NaN',
  'Infinity',
  'inf',
  'y',
  'n',
  'Yes',
  'e1',
  'E',
  'a-b-c',
  'Z9',
]
const values = [
  'Plain words',
  'Getting started',
  "Don't panic",
  'a, b (c) / d? e! f+g-h_i.j',
  'trailing   ',
  'two  spaces',
  'x',
  'true',
  'True',
  'TRUE',
  'false',
  'null',
  'Null',
  'NULL',
  '~',
  'yes',
  'no',
  'on',
  'off',
  'Yes',
  'NaN',
  '.nan',
  '.inf',
  '-.inf',
  '1',
  '1.5',
  '0x1F',
  '0o17',
  '1e3',
  '+1',
  '-1',
  '2024-01-01',
  '12:30',
  'Infinity',
  'inf',
  'e1',
  'E5',
  'y',
  'n',
  'a-b',
  'x.y.z',
  'A (b)',
  'a: b',
  'a:b',
  'a #b',
  'a#b',
  '#c',
  '[a, b]',
  '{a: b}',
  '&anchor x',
  '*alias',
  '!tag x',
  '!!str 1',
  '%x',
  '@x',
  '`x`',
  '|',
  '>',
  '|-',
  '- item',
  '? key',
  'Café',
  'naïve',
  '日本',
  '"Quoted"',
  '"with: colon # and hash"',
  '"a\\"b"',
  '"tab\\there"',
  '"x" # comment',
  '"x"  ',
  '"unterminated',
  '"é ☃ 😀"',
  '"\u2028"',
  '"\u0085"',
  '"\uFEFF"',
  "'single'",
  "'it''s'",
  "'a: b'",
  "'x' ",
  "'unterminated",
  '""',
  "''",
  '',
  ' ',
  '  leading',
]

describe('flat front-matter (flatFrontmatter.ts)', () => {
  it('gives what the yaml package gives, or null', () => {
    let fast = 0
    for (const key of keys) {
      for (const value of values) {
        for (const block of [
          `${key}: ${value}`,
          `title: "T"\n${key}: ${value}`,
          `${key}: ${value}\ndescription: D`,
          `${key}:${value}`,
          `${key}:  ${value}`,
        ]) {
          const flat = readFlatFrontmatter(block)
          if (flat === null) continue
          fast++
          expect(flat, JSON.stringify(block)).toEqual(yamlRead(block))
          expect(Object.keys(flat), JSON.stringify(block)).toEqual(Object.keys(yamlRead(block) as object))
        }
      }
    }
    // Most of these are plain or quoted strings: the fast path must actually be taken.
    expect(fast).toBeGreaterThan(500)
  })

  it('leaves to yaml what is not flat lines of strings', () => {
    for (const block of [
      '',
      'title: T\n',
      'title: T\n\ndescription: D',
      '# comment\ntitle: T',
      'title: T\ntitle: U',
      'hero:\n  name: X',
      'tags:\n- a',
      ' title: T',
      'title: T\r',
      'title : T',
      '__proto__: x',
      'title: true',
      'order: 1',
    ]) {
      expect(readFlatFrontmatter(block), JSON.stringify(block)).toBeNull()
    }
  })

  it('keeps the line count and fields of a page', () => {
    expect(parseFrontmatter('---\ntitle: "Hello"\ndescription: A page\n---\n\n# Hello\n', 'a.md')).toMatchObject({
      data: { title: 'Hello', description: 'A page' },
      lineCount: 4,
    })
    expect(parseFrontmatter('---\ntitle: Hello\norder: 2\n---\n', 'a.md')).toMatchObject({
      data: { title: 'Hello', order: 2 },
      lineCount: 4,
    })
  })
})
