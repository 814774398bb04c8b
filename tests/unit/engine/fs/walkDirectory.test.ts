import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listFiles, walkDirectory } from '../../../../engine/fs/walkDirectory.ts'

let dir: string

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-walk-'))
  for (const file of ['b.md', 'a/z.md', 'a/y/x.md', 'node_modules/pkg/index.js', 'c.md']) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), file)
  }
})

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const names = (entries: { relative: string }[]) => entries.map((entry) => entry.relative)
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

describe('walkDirectory', () => {
  it('lists depth first, a folder before what it holds, in the given order', () => {
    expect(names(walkDirectory(dir, { compare: byName }))).toEqual([
      'a',
      'a/y',
      'a/y/x.md',
      'a/z.md',
      'b.md',
      'c.md',
      'node_modules',
      'node_modules/pkg',
      'node_modules/pkg/index.js',
    ])
    expect(listFiles(dir).sort()).toEqual(['a/y/x.md', 'a/z.md', 'b.md', 'c.md', 'node_modules/pkg/index.js'])
  })

  it('does not enter a folder it skips', () => {
    const seen: string[] = []
    const entries = walkDirectory(dir, {
      compare: byName,
      skip: (entry) => (seen.push(entry.relative), entry.dirent.name === 'node_modules'),
    })
    expect(names(entries)).toEqual(['a', 'a/y', 'a/y/x.md', 'a/z.md', 'b.md', 'c.md'])
    expect(seen.some((relative) => relative.startsWith('node_modules/'))).toBe(false)
  })

  it('lists a link without following it unless told, and enters a linked folder once', () => {
    fs.symlinkSync(path.join(dir, 'a'), path.join(dir, 'link'))
    fs.symlinkSync(dir, path.join(dir, 'a', 'loop'))
    const plain = walkDirectory(dir, { compare: byName })
    expect(names(plain).filter((name) => name.startsWith('link') || name.endsWith('loop'))).toEqual(['a/loop', 'link'])
    expect(plain.find((entry) => entry.relative === 'link')!.dirent.isSymbolicLink()).toBe(true)

    const asked: string[] = []
    const followed = walkDirectory(dir, { compare: byName, followLink: (entry) => (asked.push(entry.relative), true) })
    // `a` is entered by its own name first, so `link` (the same folder) is listed but not entered again; the loop back
    // to the root ends.
    expect(asked).toEqual(['a/loop', 'link'])
    expect(names(followed)).toEqual([
      'a',
      'a/loop',
      'a/y',
      'a/y/x.md',
      'a/z.md',
      'b.md',
      'c.md',
      'link',
      'node_modules',
      'node_modules/pkg',
      'node_modules/pkg/index.js',
    ])
  })

  it('enters a linked folder it has not seen, under the link name', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-walk-target-'))
    try {
      fs.writeFileSync(path.join(outside, 'secret.txt'), 'x')
      fs.symlinkSync(outside, path.join(dir, 'linked'))
      expect(names(walkDirectory(dir, { followLink: () => true })).filter((name) => name.startsWith('linked'))).toEqual(
        ['linked', 'linked/secret.txt'],
      )
      // A caller refuses a link by throwing from followLink.
      expect(() =>
        walkDirectory(dir, {
          followLink: () => {
            throw new Error('refused')
          },
        }),
      ).toThrow('refused')
    } finally {
      fs.rmSync(outside, { recursive: true, force: true })
    }
  })

  it('gives nothing for a missing folder', () => {
    expect(walkDirectory(path.join(dir, 'missing'))).toEqual([])
  })
})
