import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const made = new Map<string, string>()

/**
 * A private folder of this thread for `name` (the theme bundles of a build without a cache, a
 * site's bundled modules), in `<tmp>/sheaf-<name>/<pid>-XXXXXX`: mkdtemp makes it mode 0700, so
 * no other user can swap a file in it before it is imported. Removed when the thread exits; a
 * process that is killed cannot remove its own, so each new one removes those of processes that
 * are gone (a test runner's killed workers left five a run).
 */
export function scratchDir(name: string): string {
  const existing = made.get(name)
  if (existing) return existing
  const parent = path.join(os.tmpdir(), `sheaf-${name}`)
  fs.mkdirSync(parent, { recursive: true })
  for (const entry of fs.readdirSync(parent)) {
    const pid = Number(entry.split('-')[0])
    if (Number.isInteger(pid) && pid !== process.pid && !isRunning(pid))
      fs.rmSync(path.join(parent, entry), { recursive: true, force: true })
  }
  const dir = fs.mkdtempSync(path.join(parent, `${process.pid}-`))
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }))
  made.set(name, dir)
  return dir
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
