import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readGitDates } from '../../../../plugins/files/gitDates.ts'

// A `git` first on the PATH that writes down each call and fails, as git does outside a checkout.
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-git-calls-'))
const bin = path.join(temp, 'bin')
const calls = path.join(temp, 'calls.log')
fs.mkdirSync(bin)
fs.writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$@" >> ${JSON.stringify(calls)}\nexit 128\n`, { mode: 0o755 })
const withFakeGit = <T>(run: () => T): T => {
  const saved = { path: process.env.PATH, gitDir: process.env.GIT_DIR }
  process.env.PATH = `${bin}${path.delimiter}${saved.path ?? ''}`
  delete process.env.GIT_DIR
  try {
    return run()
  } finally {
    process.env.PATH = saved.path
    if (saved.gitDir !== undefined) process.env.GIT_DIR = saved.gitDir
  }
}
const callCount = () =>
  fs.existsSync(calls) ? fs.readFileSync(calls, 'utf8').trim().split('\n').filter(Boolean).length : 0
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }))

describe('readGitDates outside a git checkout', () => {
  it('starts no git process when no folder above the content has a .git (a dev server would on every save)', async () => {
    const content = path.join(temp, 'site', 'content')
    fs.mkdirSync(content, { recursive: true })
    // (Git is started before readGitDates returns its promise, so the fake one is on the PATH.)
    expect((await withFakeGit(() => readGitDates(content))).size).toBe(0)
    expect(callCount()).toBe(0)
  })

  it('still asks git where a .git is found (here one it cannot read, so no dates)', async () => {
    const content = path.join(temp, 'repo', 'content')
    fs.mkdirSync(content, { recursive: true })
    fs.mkdirSync(path.join(temp, 'repo', '.git'))
    // (Git is started before readGitDates returns its promise, so the fake one is on the PATH.)
    expect((await withFakeGit(() => readGitDates(content))).size).toBe(0)
    expect(callCount()).toBeGreaterThan(0)
  })
})
