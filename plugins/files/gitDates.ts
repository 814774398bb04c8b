import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Last commit time of every file under `dir`, from one `git log` pass (not one
 * call per file). Files never committed are absent. Returns an empty map
 * outside a git checkout. Git runs in its own processes while the caller goes on
 * (the files plugin reads the files meanwhile): run synchronously, it held this
 * site's build's main thread for 85 ms on a loaded machine, and a long history for seconds.
 */
export async function readGitDates(dir: string): Promise<Map<string, string>> {
  // Outside any checkout there is nothing to ask git: no process (a dev server asks on every save).
  const gitEntry = findGitEntry(dir)
  if (!gitEntry) return new Map()
  // The dev server reads the content again on every save: two git processes each time (a
  // tenth of a save's rebuild on this site). The dates only change with the HEAD commit.
  const head = headCommit(gitEntry)
  const known = datesByDir.get(dir)
  if (head && known?.head === head) return new Map(known.dates)
  const dates = await readDatesFromLog(dir)
  if (head) datesByDir.set(dir, { head, dates: new Map(dates) })
  return dates
}

const datesByDir = new Map<string, { head: string; dates: Map<string, string> }>()

/**
 * The nearest `.git` (a folder, or a worktree's or submodule's file) at or above `dir`, or the
 * repository `GIT_DIR` names; null when there is none.
 */
function findGitEntry(dir: string): string | null {
  if (process.env.GIT_DIR) return path.resolve(dir, process.env.GIT_DIR)
  let at = path.resolve(dir)
  try {
    for (; ; at = path.dirname(at)) {
      if (fs.statSync(path.join(at, '.git'), { throwIfNoEntry: false })) return path.join(at, '.git')
      if (path.dirname(at) === at) return null
    }
  } catch {
    // A folder we may not look into: git decides.
    return path.join(at, '.git')
  }
}

/** The commit HEAD points at, read from a `.git` folder (no process); undefined when unsure. */
function headCommit(gitEntry: string): string | undefined {
  try {
    // A worktree or submodule (`.git` is a file pointing elsewhere): not worth following.
    if (!fs.statSync(gitEntry).isDirectory()) return undefined
    const head = fs.readFileSync(path.join(gitEntry, 'HEAD'), 'utf8').trim()
    if (!head.startsWith('ref: ')) return /^[0-9a-f]{40,64}$/.test(head) ? head : undefined
    const ref = head.slice('ref: '.length)
    const loose = path.join(gitEntry, ref)
    if (fs.existsSync(loose)) return `${ref} ${fs.readFileSync(loose, 'utf8').trim()}`
    const packed = fs
      .readFileSync(path.join(gitEntry, 'packed-refs'), 'utf8')
      .split('\n')
      .find((line) => line.endsWith(` ${ref}`))
    return packed ? `${ref} ${packed}` : undefined
  } catch {
    return undefined
  }
}

async function readDatesFromLog(dir: string): Promise<Map<string, string>> {
  const dates = new Map<string, string>()
  let output: string
  let top: string
  try {
    // Both at once: neither needs the other's answer.
    ;[top, output] = await Promise.all([
      runGit(['rev-parse', '--show-toplevel'], dir).then((answer) => answer.trim()),
      runGit(['log', '--format=%x00%ct', '--name-only', '--no-renames', '--', '.'], dir),
    ])
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

/** Git's standard output, or a rejection when it fails (not a checkout, no git). */
function runGit(args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    )
    child.stdin?.end()
  })
}
