import { describe, expect, test } from 'vitest'
import { extractSnippet, findHighlights, snippetWidth, textWidth } from '../../../../plugins/search/shared/snippet.ts'

const shown = (text: string, ranges: { start: number; length: number }[]) =>
  ranges.map((range) => text.slice(range.start, range.start + range.length))

describe('findHighlights', () => {
  test('finds every occurrence, case- and accent-insensitively, in original coordinates', () => {
    const text = 'Use getByRole. GETBYROLE is fine; a Résumé too.'
    expect(shown(text, findHighlights(text, ['getbyrole', 'resume']))).toEqual(['getByRole', 'GETBYROLE', 'Résumé'])
  })

  test('merges overlapping ranges', () => {
    expect(findHighlights('getByRole', ['getbyrole', 'role'])).toEqual([{ start: 0, length: 9 }])
  })

  test('matches short terms only at the start of a word', () => {
    expect(shown('by Byron, nearby', findHighlights('by Byron, nearby', ['by']))).toEqual(['by', 'By'])
  })

  test('finds CJK words', () => {
    const text = '这是一个测试库的文档'
    expect(shown(text, findHighlights(text, ['测试']))).toEqual(['测试'])
  })
})

describe('extractSnippet', () => {
  const long =
    `${'lorem ipsum dolor sit amet '.repeat(8)}the waitFor helper polls until the callback ` +
    `passes ${'consectetur adipiscing elit '.repeat(8)}`

  test('cuts about 100 characters around the first match, with ellipses', () => {
    const highlights = findHighlights(long, ['waitfor'])
    const { statement, highlights: moved } = extractSnippet(long, highlights)
    expect(statement.startsWith('…')).toBe(true)
    expect(statement.endsWith('…')).toBe(true)
    expect(textWidth(statement)).toBeGreaterThan(snippetWidth - 20)
    expect(textWidth(statement)).toBeLessThanOrEqual(snippetWidth + 2)
    expect(shown(statement, moved)).toEqual(['waitFor'])
  })

  test('does not cut words in half', () => {
    const { statement } = extractSnippet(long, findHighlights(long, ['waitfor']))
    const words = statement.replace(/…/g, '').trim().split(/\s+/)
    const known = new Set(long.split(/\s+/))
    expect(words.every((word) => known.has(word))).toBe(true)
  })

  test('keeps short text whole', () => {
    const text = 'Short text about render.'
    const result = extractSnippet(text, findHighlights(text, ['render']))
    expect(result.statement).toBe(text)
    expect(shown(result.statement, result.highlights)).toEqual(['render'])
  })

  test('counts CJK characters as width 3', () => {
    expect(textWidth('测试')).toBe(6)
    expect(textWidth('ab测')).toBe(5)
    const cjk = '这是一段很长的中文文本'.repeat(10) + '测试库' + '后面还有更多的中文内容'.repeat(10)
    const { statement, highlights } = extractSnippet(cjk, findHighlights(cjk, ['测试库']))
    const body = statement.replace(/…/g, '')
    // About 100 columns is about 33 CJK characters.
    expect(body.length).toBeGreaterThanOrEqual(30)
    expect(body.length).toBeLessThanOrEqual(36)
    expect(shown(statement, highlights)).toEqual(['测试库'])
  })
})
