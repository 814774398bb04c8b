import { describe, expect, test } from 'vitest'
import { foldChar, foldText, foldWithMap } from '../../../../plugins/search/shared/normalizeText.ts'
import {
  processQueryTerm,
  processTerm,
  queryTerms,
  segmentCjk,
  tokenize,
} from '../../../../plugins/search/shared/tokenize.ts'

describe('tokenize', () => {
  test('splits on spaces and punctuation, keeping identifiers whole', () => {
    expect(tokenize('screen.getByRole("button", { name: "Start" })')).toEqual([
      'screen',
      'getByRole',
      'button',
      'name',
      'Start',
    ])
  })

  test('splits kebab-case and snake_case', () => {
    expect(tokenize('render-hook UNSAFE_root')).toEqual(['render', 'hook', 'UNSAFE', 'root'])
  })

  test('segments Chinese text into words with Intl.Segmenter', () => {
    const terms = tokenize('测试库文档')
    expect(terms.length).toBeGreaterThan(1)
    expect(terms.join('')).toBe('测试库文档')
  })

  test('segments Japanese text, keeping Latin words around it', () => {
    const terms = tokenize('React Nativeのテストを書く')
    expect(terms.slice(0, 2)).toEqual(['React', 'Native'])
    expect(terms.join('')).toBe('ReactNativeのテストを書く')
  })

  test('cuts CJK the same way at index and query time', () => {
    const text = '我们使用测试库'
    const indexed = tokenize(text).map((term) => processTerm(term, 'content'))
    expect(queryTerms(text)).toEqual(indexed)
    expect(segmentCjk('测试')).toEqual(tokenize('测试'))
  })

  test('keeps Korean words whole (they are space-separated)', () => {
    expect(tokenize('테스트 라이브러리')).toEqual(['테스트', '라이브러리'])
  })
})

describe('term processing', () => {
  test('lowercases and removes accents', () => {
    expect(foldText('Résumé Ça Ñandú')).toBe('resume ca nandu')
    expect(processQueryTerm('GetByRole')).toBe('getbyrole')
  })

  test('folds decomposed accents like composed ones', () => {
    expect(foldText('Re\u0301sume\u0301')).toBe('resume')
  })

  test('keeps Cyrillic letters with their marks (й is not и), lowercased', () => {
    expect(foldText('Йогурт')).toBe('йогурт')
    expect(foldText('ЁЖИК')).toBe('ёжик')
    expect(foldText('И\u0306')).toBe('й')
  })

  test('keeps Korean syllables as they are (no jamo decomposition)', () => {
    expect(foldText('테스트')).toBe('테스트')
    expect(foldText('테스트').length).toBe(3)
  })

  test('indexes camelCase identifiers whole and by their longer parts', () => {
    expect(processTerm('userEvent', 'content')).toEqual(['userevent', 'user', 'event'])
    expect(processTerm('toBeOnTheScreen', 'content')).toEqual(['tobeonthescreen', 'the', 'screen'])
    expect(processTerm('render', 'content')).toBe('render')
  })

  test('does not split queries', () => {
    expect(queryTerms('getByRole')).toEqual(['getbyrole'])
  })

  test('maps folded text back to the original offsets', () => {
    const { folded, map } = foldWithMap('Ünïcode ﬁne')
    expect(folded.startsWith('unicode')).toBe(true)
    expect(map[0]).toBe(0)
    expect(map[folded.length]).toBe('Ünïcode ﬁne'.length)
  })
})

describe('folding fast path', () => {
  test('folds printable ASCII exactly as the per-character path does', () => {
    const ascii = Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)).join('')
    expect(foldText(ascii)).toBe([...ascii].map(foldChar).join(''))
    expect(foldText('getByRole')).toBe('getbyrole')
    // Not ASCII: the full path still strips accents.
    expect(foldText('Rôle Ünïcode')).toBe('role unicode')
  })
})
