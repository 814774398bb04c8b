import { createOnigurumaEngine, type RegexEngine } from 'shiki'
import { beforeAll, describe, expect, it } from 'vitest'
import { withScannerCache } from '../../../../engine/markdown/scannerCache.ts'

let onig: RegexEngine

beforeAll(async () => {
  onig = await createOnigurumaEngine(import('shiki/wasm'))
})

describe('withScannerCache', () => {
  it('compiles a list of patterns once and answers as the engine does', () => {
    let compiled = 0
    const counting: RegexEngine = { createString: (text) => onig.createString(text), createScanner: (patterns) => (compiled++, onig.createScanner(patterns)) }
    const cached = withScannerCache(counting)
    const patterns = ['</(\\w+)>', '<(\\w+)', '\\{']
    const first = cached.createScanner(patterns)
    const second = cached.createScanner([...patterns])
    expect(compiled).toBe(1)
    const text = 'a <View>{x}</View>'
    for (const start of [0, 3, 8, 12]) {
      expect(second.findNextMatchSync(text, start, 0)).toEqual(onig.createScanner(patterns).findNextMatchSync(text, start, 0))
    }
    // vscode-textmate disposes a rule's scanner when the rule's end pattern changes; another rule may share it.
    first.dispose?.()
    expect(second.findNextMatchSync(text, 0, 0)?.index).toBe(1)
    cached.createScanner(['other'])
    expect(compiled).toBe(2)
  })
})
