import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readGitDates } from '../../../../plugins/files/gitDates.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-git-dates-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, GIT_COMMITTER_DATE: process.env.DATE, GIT_AUTHOR_DATE: process.env.DATE },
  })

describe('readGitDates, read again (the dev server does on every save)', () => {
  it('answers from memory while HEAD is the same commit, and reads the log again after a commit', async () => {
    git('init', '-q')
    fs.writeFileSync(path.join(dir, 'a.md'), 'a')
    process.env.DATE = '2020-01-01T00:00:00Z'
    git('add', '.')
    git('commit', '-qm', 'a')
    const first = await readGitDates(dir)
    expect(first.get(path.join(fs.realpathSync(dir), 'a.md')) ?? first.get(path.join(dir, 'a.md'))).toBe(
      '2020-01-01T00:00:00.000Z',
    )
    // A save is no commit: same dates, and a copy (callers may change theirs).
    fs.writeFileSync(path.join(dir, 'a.md'), 'edited')
    first.clear()
    expect((await readGitDates(dir)).size).toBe(1)
    process.env.DATE = '2021-06-01T00:00:00Z'
    git('commit', '-qam', 'edit')
    const after = await readGitDates(dir)
    expect([...after.values()]).toEqual(['2021-06-01T00:00:00.000Z'])
    delete process.env.DATE
  })
})
