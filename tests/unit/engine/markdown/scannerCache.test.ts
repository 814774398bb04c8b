import { createOnigurumaEngine, type RegexEngine } from 'shiki'
import { beforeAll, describe, expect, it } from 'vitest'
import { withScannerCache } from '../../../../engine/markdown/scannerCache.ts'

let onig: RegexEngine

beforeAll(async () => {
  onig = await createOnigurumaEngine(import('shiki/wasm'))
})

/** The engine, counting the patterns it compiles. */
function counting(): { engine: RegexEngine; compiled: string[] } {
  const compiled: string[] = []
  const engine: RegexEngine = {
    createString: (text) => onig.createString(text),
    createScanner: (patterns) => (compiled.push(...patterns.map(String)), onig.createScanner(patterns)),
  }
  return { engine, compiled }
}

describe('withScannerCache', () => {
  it('compiles each distinct pattern once, on its first search, whichever lists hold it', () => {
    const { engine, compiled } = counting()
    const cached = withScannerCache(engine)
    const first = cached.createScanner(['</(\\w+)>', '<(\\w+)', '\\{'])
    const again = cached.createScanner(['</(\\w+)>', '<(\\w+)', '\\{'])
    const other = cached.createScanner(['\\{', '\\}'])
    expect(again).toBe(first)
    expect(compiled).toEqual([])
    first.findNextMatchSync('a <View>{x}</View>', 0, 0)
    other.findNextMatchSync('{x}', 0, 0)
    // `\{` is shared by both lists: compiled once. `\}` never: `\{` matched where the search began, and comes first.
    expect(compiled.sort()).toEqual(['\\{', '<(\\w+)', '</(\\w+)>'].sort())
    other.findNextMatchSync('{x}', 1, 0)
    expect(compiled).toContain('\\}')
    expect(compiled).toHaveLength(4)
  })

  it("answers every search as the engine's own scanner of the whole list does", () => {
    const lists = [
      // Two patterns matching at the same place: the first in the list wins.
      ['<(\\w+)', '<View', '\\{', '</(\\w+)>'],
      // \G depends on where the search starts; a lookbehind on the text before it.
      ['\\G\\s*(\\w+)', '(?<=\\.)\\w+', '\\b(const|let)\\b', '"[^"]*"'],
      ['\\A#!.*$', '//.*$', '/\\*', '\\*/', '\\d+(\\.\\d+)?', '[a-z]+(?=\\()'],
      ['x(?!y)', '$', 'never-there'],
    ]
    const texts = [
      'a <View>{x}</View>',
      'const v = obj.prop("text", 12.5) // done',
      '#!/usr/bin/env node',
      'let  name = call(xy, x) /* c */',
      '',
      'ünïcode "ß" ok()',
    ]
    const cached = withScannerCache(onig)
    for (const patterns of lists) {
      const whole = onig.createScanner(patterns)
      const shared = cached.createScanner(patterns)
      for (const text of texts) {
        // One string searched from every position in turn, as a tokenizer does (the remembered searches answer some).
        const string = onig.createString(text)
        for (const options of [0, 4]) {
          for (let start = 0; start <= text.length; start++)
            expect(
              shared.findNextMatchSync(string, start, options),
              `${patterns.join(' | ')} in "${text}" from ${start}`,
            ).toEqual(whole.findNextMatchSync(string, start, options))
        }
        // Backwards too: a search from before the remembered one is made again.
        for (let start = text.length; start >= 0; start--)
          expect(shared.findNextMatchSync(string, start, 0)).toEqual(whole.findNextMatchSync(string, start, 0))
      }
    }
  })

  it('keeps a list its rule disposed: another rule may share it', () => {
    const cached = withScannerCache(onig)
    const first = cached.createScanner(['a', 'b'])
    first.dispose?.()
    expect(cached.createScanner(['a', 'b']).findNextMatchSync('xb', 0, 0)?.index).toBe(1)
  })
})
