import { execFileSync } from 'node:child_process'
import path from 'node:path'

/**
 * Last commit time of every file under `dir`, from one `git log` pass (not one
 * call per file). Files never committed are absent. Returns an empty map
 * outside a git checkout.
 */
export function readGitDates(dir: string): Map<string, string> {
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
