import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TwinCache } from '../../../plugins/llms/twinCache.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-twins-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('llms twin cache', () => {
  it('converts a page once, reuses it in the next build, and converts again when its source changes', () => {
    let conversions = 0
    const convert = (text: string) => () => {
      conversions++
      return `# ${text}`
    }
    const first = new TwinCache(dir)
    expect(first.get(['source A', 'docs/a.md', '', 'A', 'routes'], convert('A'))).toBe('# A')
    first.save()
    // The next build is another process: it reads the file and converts nothing.
    const second = new TwinCache(dir)
    expect(second.get(['source A', 'docs/a.md', '', 'A', 'routes'], convert('A'))).toBe('# A')
    expect(conversions).toBe(1)
    // An edited source, or other routes, is another key.
    expect(second.get(['source A, edited', 'docs/a.md', '', 'A', 'routes'], convert('A2'))).toBe('# A2')
    expect(second.get(['source A', 'docs/a.md', '', 'A', 'other routes'], convert('A3'))).toBe('# A3')
    expect(conversions).toBe(3)
  })
})
