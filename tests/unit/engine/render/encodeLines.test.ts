import { describe, expect, it } from 'vitest'
import { encodeLines } from '../../../../engine/render/encodeLines.ts'

describe('encodeLines', () => {
  it('gives the bytes of the lines joined with newlines, whatever their characters', () => {
    const cases: string[][] = [
      [],
      [''],
      ['', ''],
      ['<!doctype html>', '<p>plain</p>', ''],
      ['Loading the search index…', 'café', 'naïve → 漢字', '🧪 tests', ''],
      // A lone surrogate is encoded as Buffer.from encodes it (U+FFFD), not cut.
      ['\ud83e', 'after'],
    ]
    for (const lines of cases)
      expect(encodeLines(lines).equals(Buffer.from(lines.join('\n'))), JSON.stringify(lines)).toBe(true)
  })
})
