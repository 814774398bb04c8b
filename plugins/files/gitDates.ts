import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Last commit time of every file under `dir`, from one `git log` pass (not one
 * call per file). Files never committed are absent. Returns an empty map
 * outside a git checkout.
 */
export function readGitDates(dir: string): Map<string, string> {
  // The dev server reads the content again on every save: two git processes each time (a
  // tenth of a save's rebuild on this site). The dates only change with the HEAD commit.
  const head = headCommit(dir)
  const known = datesByDir.get(dir)
  if (head && known?.head === head) return new Map(known.dates)
  const dates = readDatesFromLog(dir)
  if (head) datesByDir.set(dir, { head, dates: new Map(dates) })
  return dates
}

const datesByDir = new Map<string, { head: string; dates: Map<string, string> }>()

/** The commit HEAD points at, read from the nearest `.git` folder above `dir` (no process); undefined when unsure. */
function headCommit(dir: string): string | undefined {
  try {
    let at = path.resolve(dir)
    for (let stat = fs.statSync(path.join(at, '.git'), { throwIfNoEntry: false }); !stat; stat = fs.statSync(path.join(at, '.git'), { throwIfNoEntry: false })) {
      const parent = path.dirname(at)
      if (parent === at) return undefined
      at = parent
    }
    // A worktree or submodule (`.git` is a file pointing elsewhere): not worth following.
    if (!fs.statSync(path.join(at, '.git')).isDirectory()) return undefined
    const git = path.join(at, '.git')
    const head = fs.readFileSync(path.join(git, 'HEAD'), 'utf8').trim()
    if (!head.startsWith('ref: ')) return /^[0-9a-f]{40,64}$/.test(head) ? head : undefined
    const ref = head.slice('ref: '.length)
    const loose = path.join(git, ref)
    if (fs.existsSync(loose)) return `${ref} ${fs.readFileSync(loose, 'utf8').trim()}`
    const packed = fs.readFileSync(path.join(git, 'packed-refs'), 'utf8').split('\n').find((line) => line.endsWith(` ${ref}`))
    return packed ? `${ref} ${packed}` : undefined
  } catch {
    return undefined
  }
}

function readDatesFromLog(dir: string): Map<string, string> {
  const dates = new Map<string, string>()
  let output: string
  let top: string
  try {
    top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    output = execFileSync('git', ['log', '--format=%x00%ct', '--name-only', '--no-renames', '--', '.'], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
  } catch {
    return dates
  }
  let time = ''
  for (const line of output.split('\n')) {
    if (line.startsWith('\0')) {
      time = new Date(Number(line.slice(1)) * 1000).toISOString()
      continue
    }
    if (!line) continue
    const absolute = path.join(top, line)
    // git log lists newest commits first, so the first time seen is the latest.
    if (!dates.has(absolute)) dates.set(absolute, time)
  }
  return dates
}
