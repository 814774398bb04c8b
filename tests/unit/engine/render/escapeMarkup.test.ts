import { describe, expect, it } from 'vitest'
import { escapeMarkup } from '../../../../engine/render/escapeMarkup.ts'

// The hand-written escapers this one replaced (code tokens, attributes, the sitemap): the output
// must stay byte for byte what they gave, since cached pages, CSP hashes and exact-output tests
// were made from it. The sitemap's `'` is the one change: `&#x27;` instead of `&apos;`, both XML.
const before = {
  text: (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;'),
  attribute: (value: string) =>
    value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  xml: (value: string) =>
    value
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;'),
}

/** Strings of markup's special characters, entities, non-ASCII, astral and control characters. */
function samples(count: number): string[] {
  const pieces = [
    '&',
    '<',
    '>',
    '"',
    "'",
    '&amp;',
    '&lt;',
    'a',
    ' ',
    '\u00a0',
    'é',
    '😀',
    '\n',
    '\t',
    '\u0000',
    '\ud800',
    '`',
    '=',
    '/',
    '#x27;',
  ]
  let seed = 7
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join(''),
  )
}

describe('escapeMarkup', () => {
  it.each(['text', 'attribute', 'xml'] as const)(
    'escapes %s as the engine did before, on 2,000 generated strings',
    (context) => {
      for (const value of samples(2_000))
        expect(escapeMarkup(value, context), JSON.stringify(value)).toBe(before[context](value))
    },
  )

  it('leaves what needs no escaping as it is, and escapes each context to what it needs', () => {
    expect(escapeMarkup('const a = b > c', 'text')).toBe('const a = b > c')
    expect(escapeMarkup(`a<b & "c" 'd'`, 'text')).toBe(`a&lt;b &amp; "c" 'd'`)
    expect(escapeMarkup(`a<b & "c" 'd'`, 'attribute')).toBe(`a&lt;b &amp; &quot;c&quot; 'd'`)
    expect(escapeMarkup(`a<b & "c" 'd'`, 'xml')).toBe('a&lt;b &amp; &quot;c&quot; &#x27;d&#x27;')
  })
})
