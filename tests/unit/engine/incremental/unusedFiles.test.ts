import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { unusedForAnHour } from '../../../../engine/incremental/unusedFiles.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-unused-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** A file last touched `minutesAgo` minutes ago. */
function fileTouched(name: string, minutesAgo: number): string {
  const file = path.join(dir, name)
  fs.writeFileSync(file, 'x')
  const when = new Date(Date.now() - minutesAgo * 60_000)
  fs.utimesSync(file, when, when)
  return file
}

describe('unusedForAnHour', () => {
  it('is true for a file untouched for over an hour, false for one touched within it', () => {
    expect(unusedForAnHour(fileTouched('old.mjs', 61))).toBe(true)
    expect(unusedForAnHour(fileTouched('recent.mjs', 59))).toBe(false)
  })

  it('is false for a file another process removed meanwhile, so nothing throws while pruning', () => {
    expect(unusedForAnHour(path.join(dir, 'gone.mjs'))).toBe(false)
  })
})
