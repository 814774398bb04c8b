import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { codeFrame } from '../../../../engine/server/errorOverlay.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-frame-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('the error overlay code frame', () => {
  it('shows the lines around the error', () => {
    const file = path.join(dir, 'page.md')
    fs.writeFileSync(file, 'a\nb\nc\nd\ne\n')
    expect(codeFrame(file, 3)).toBe('  1 | a\n  2 | b\n> 3 | c\n  4 | d\n  5 | e')
  })

  it('clips long lines and skips huge files (the overlay stays small)', () => {
    const long = path.join(dir, 'long.md')
    fs.writeFileSync(long, `${'- '.repeat(10_000)}\n`)
    expect(codeFrame(long, 1).length).toBeLessThan(300)
    const huge = path.join(dir, 'huge.md')
    fs.writeFileSync(huge, 'x'.repeat(6_000_000))
    expect(codeFrame(huge, 1)).toBe('')
    expect(codeFrame(dir, 1)).toBe('')
  })
})
