import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SheafError } from '../../../../engine/errors.ts'
import { codeFrame, errorPayload, firstLocation } from '../../../../engine/server/errorOverlay.ts'

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

describe('the error overlay payload', () => {
  it('points at the first located problem of an error that lists several (dead links)', () => {
    fs.mkdirSync(path.join(dir, 'content'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'content/a.md'), 'one\ntwo\nthree [x](./gone.md)\n')
    const error = new SheafError(
      '2 dead links:\ncontent/a.md:3:7  ./gone.md  (no such page)\ncontent/b.md:1:1  ./x.md  (no such page)',
    )
    const payload = errorPayload(error, dir) as { loc?: { file: string; line: number; column: number }; frame?: string }
    expect(payload.loc).toEqual({ file: path.join(dir, 'content/a.md'), line: 3, column: 7 })
    expect(payload.frame).toContain('> 3 | three')
  })

  it('names no file it cannot find under the root', () => {
    const error = new SheafError('Something failed:\n../outside.md:1:1  here\nnope.md:2  there')
    expect(errorPayload(error, dir)).toEqual({ message: expect.any(String), stack: '' })
    expect(firstLocation('/etc/passwd:1', dir)).toBeUndefined()
  })
})
